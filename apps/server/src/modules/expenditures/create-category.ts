import type { createExpenditureCategorySchema, ExpenditureCategory } from '@gym/contract/expenditures';
import type { z } from 'zod';
import { expenditureCategories } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { categoryView, withName } from './category-rules.ts';

export async function createCategory(
  ctx: UseCaseContext,
  input: z.infer<typeof createExpenditureCategorySchema>,
): Promise<ExpenditureCategory> {
  const [row] = await withName(ctx, (db) => db.insert(expenditureCategories, { name: input.name }));
  return categoryView(row!);
}
