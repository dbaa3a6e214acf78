import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** Index name → the field and the code of the 409 it means. */
export type UniqueFields = Record<string, { path: string; code: 'code_taken' | 'name_taken'; message: string }>;

/**
 * Runs a write inside a savepoint: a unique index's refusal rolls back the write only and answers
 * 409 naming the field (`sku`, `barcode`, `code`, `name`).
 */
export async function uniquely<T>(
  ctx: { db: TenantDb },
  { unique, write }: { unique: UniqueFields; write: (db: TenantDb) => Promise<T> },
): Promise<T> {
  try {
    return await ctx.db.savepoint(write);
  } catch (err) {
    for (const [index, field] of Object.entries(unique)) {
      if (isUniqueViolation(err, index)) {
        throw new AppError(409, field.code, field.message, [
          { path: field.path, code: field.code, message: field.message },
        ]);
      }
    }
    throw err;
  }
}

/** A 400 naming fields, for rules the request schema alone cannot judge (a patch merged with the row). */
export function invalid(issues: { path: string; message: string }[]): AppError {
  return new AppError(
    400,
    'validation_failed',
    'Invalid input',
    issues.map((i) => ({ path: i.path, code: i.message, message: i.message })),
  );
}
