import type {
  createExpenditureCategorySchema,
  ExpenditureCategory,
  updateExpenditureCategorySchema,
} from '@gym/contract/expenditures';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { expenditureCategories } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

const nameTaken = () =>
  new AppError(409, 'name_taken', 'A category has this name', [
    { path: 'name', code: 'name_taken', message: 'A category has this name' },
  ]);

/** Runs a write that may take a name already used, in a savepoint: the unique index's refusal names the field. */
async function withName<T>(ctx: UseCaseContext, write: () => Promise<T>): Promise<T> {
  try {
    return await ctx.tx.transaction(write);
  } catch (err) {
    if (isUniqueViolation(err, 'expenditure_categories_org_name')) throw nameTaken();
    throw err;
  }
}

const view = (c: typeof expenditureCategories.$inferSelect): ExpenditureCategory => ({
  id: c.id,
  name: c.name,
  active: c.active,
});

export async function createCategory(
  ctx: UseCaseContext,
  input: z.infer<typeof createExpenditureCategorySchema>,
): Promise<ExpenditureCategory> {
  const [row] = await withName(ctx, () => ctx.db.insert(expenditureCategories, { name: input.name }));
  return view(row!);
}

/** Renames a category or retires it (a retired category keeps its expenditures and takes no new one). */
export async function updateCategory(
  ctx: UseCaseContext,
  input: z.infer<typeof updateExpenditureCategorySchema> & { id: string },
): Promise<ExpenditureCategory> {
  const { id, ...set } = input;
  const current = await ctx.db.first(expenditureCategories, eq(expenditureCategories.id, id));
  if (!current) throw notFound('category');
  if (Object.keys(set).length === 0) return view(current);
  const [row] = await withName(ctx, () => ctx.db.update(expenditureCategories, set, eq(expenditureCategories.id, id)));
  return view(row!);
}
