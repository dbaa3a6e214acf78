import type { ExpenditureCategory } from '@gym/contract/expenditures';
import type { expenditureCategories } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

const nameTaken = () => conflict('name_taken', 'A category has this name', 'name');

/** Runs a write that may take a name already used, in a savepoint: the unique index's refusal names the field. */
export async function withName<T>(ctx: { db: TenantDb }, write: (db: TenantDb) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.savepoint(write);
  } catch (err) {
    if (isUniqueViolation(err, 'expenditure_categories_org_name')) throw nameTaken();
    throw err;
  }
}

export const categoryView = (c: typeof expenditureCategories.$inferSelect): ExpenditureCategory => ({
  id: c.id,
  name: c.name,
  active: c.active,
});
