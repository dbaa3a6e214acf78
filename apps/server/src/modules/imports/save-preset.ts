import type { ImportMapping, ImportValues } from '@gym/contract/imports';
import { importPresets } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { type Preset, toPreset } from './presets.ts';

export type SavePresetInput = { name: string; mapping: ImportMapping; values: ImportValues };

/**
 * Saves a mapping under a name, unique in the organisation whatever its case: the unique index
 * decides under races (in a savepoint, so the refusal is a 409 on `name`).
 */
export async function savePreset(ctx: UseCaseContext, input: SavePresetInput): Promise<Preset> {
  try {
    const [row] = await ctx.db.savepoint((db) =>
      db.insert(importPresets, { name: input.name, mapping: input.mapping, values: input.values }),
    );
    return toPreset(row!);
  } catch (err) {
    if (isUniqueViolation(err, 'import_presets_org_name')) {
      throw conflict('name_taken', 'A preset with this name already exists', 'name');
    }
    throw err;
  }
}
