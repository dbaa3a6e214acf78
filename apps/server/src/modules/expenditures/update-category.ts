import type { ExpenditureCategory, updateExpenditureCategorySchema } from '@gym/contract/expenditures';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { expenditureCategories } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { categoryView, withName } from './category-rules.ts';

/** Renames a category or retires it (a retired category keeps its expenditures and takes no new one). */
export async function updateCategory(
  ctx: UseCaseContext,
  input: z.infer<typeof updateExpenditureCategorySchema> & { id: string },
): Promise<ExpenditureCategory> {
  const { id, ...set } = input;
  const current = await ctx.db.first(expenditureCategories, eq(expenditureCategories.id, id));
  if (!current) throw notFound('category');
  if (Object.keys(set).length === 0) return categoryView(current);
  const [row] = await withName(ctx, (db) => db.update(expenditureCategories, set, eq(expenditureCategories.id, id)));
  return categoryView(row!);
}
