/**
 * Who a piece of content is for: centres (none: every centre) and languages (none: every language),
 * and the publish window read in a centre's time zone.
 */
import type { LocalDateTime } from '@gym/contract/time';
import { inArray } from 'drizzle-orm';
import { centers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/**
 * The centres named, each one the caller works in (404 naming `centerIds.i` otherwise). A caller
 * limited to some centres must name them: "every centre" reaches centres they do not work in.
 */
export async function checkCenters(db: TenantDb, centerIds: string[]): Promise<string[]> {
  const unique = [...new Set(centerIds)];
  if (unique.length === 0 && db.auth.centerIds !== null) {
    throw new AppError(422, 'business_rule', 'Choose the centres this is for', [
      { path: 'centerIds', code: 'centers_required', message: 'Choose the centres this is for' },
    ]);
  }
  for (const [i, id] of unique.entries()) await db.usableCenter(id, `centerIds.${i}`, false);
  return unique;
}

/** The centres (id, code, name) of these ids, in code order. */
export async function centersOf(db: TenantDb, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; code: string; name: string }>();
  const rows = await db.wholeOrganisation
    .select({ id: centers.id, code: centers.code, name: centers.name })
    .from(centers)
    .where(inArray(centers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether a window (wall-clock, either end open) holds `now` (wall-clock at the centre). */
export const inWindow = (now: LocalDateTime, from: string | null, until: string | null) =>
  (!from || wall(from)! <= now) && (!until || now < wall(until)!);

/** A stored wall-clock time as the contract writes it (`2026-12-01 09:00:00` → `2026-12-01T09:00`). */
export const wall = (value: string | null): LocalDateTime | null =>
  value ? value.replace(' ', 'T').slice(0, 16) : null;
