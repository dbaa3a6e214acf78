import { eq } from 'drizzle-orm';
import { expenditureCategories, type expenditures } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export const fieldError = (status: number, path: string, code: string, message: string) =>
  new AppError(status, status === 404 ? 'not_found' : 'business_rule', message, [{ path, code, message }]);

/** A category of the caller's organisation that is in use (a retired one takes no new expenditure). */
export async function usableCategory(db: TenantDb, categoryId: string) {
  const category = await db.first(expenditureCategories, eq(expenditureCategories.id, categoryId));
  if (!category) throw fieldError(404, 'categoryId', 'not_found', 'Category not found');
  if (!category.active) throw fieldError(422, 'categoryId', 'category_inactive', 'This category is no longer used');
  return category;
}

/** The fields the audit log compares on a change. */
export const AUDITED = [
  'centerId',
  'date',
  'categoryId',
  'amount',
  'taxAmount',
  'supplier',
  'method',
  'note',
  'receipt',
];
export const audited = (row: typeof expenditures.$inferSelect) => ({ ...row, receipt: row.receiptName });
