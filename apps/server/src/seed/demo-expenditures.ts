import { minor, share } from '@gym/contract/money';
import { addDays, today } from '@gym/contract/time';
import type { DbOrTx } from '../db/client.ts';
import { expenditureCategories, expenditures } from '../db/schema/index.ts';

const CATEGORIES = ['Rent', 'Utilities', 'Cleaning', 'Equipment repairs', 'Marketing', 'Supplies'] as const;

/** Monthly and occasional costs of a centre: [category, day of the 30-day cycle, amount in cents, tax, supplier, method]. */
const PATTERN: [(typeof CATEGORIES)[number], number, number, number, string, 'cash' | 'card' | 'bank_transfer'][] = [
  ['Rent', 1, 18_500_000, 0, 'Harbour Properties Ltd', 'bank_transfer'],
  ['Utilities', 8, 1_264_050, 0, 'CLP Power', 'bank_transfer'],
  ['Cleaning', 12, 620_000, 0, 'Sparkle Cleaning Co', 'bank_transfer'],
  ['Supplies', 15, 48_790, 0, 'City Supermarket', 'cash'],
  ['Marketing', 20, 350_000, 0, 'Social Ads', 'card'],
  ['Equipment repairs', 25, 185_000, 0, 'FitFix Repairs', 'card'],
];

/**
 * The demo organisation's expenditure: its categories and three months of costs in each centre,
 * dated back from the centres' business date, so the expenditure screen and the reports have
 * something real to show. No receipts (they would be files outside the database).
 */
export async function seedDemoExpenditures(
  tx: DbOrTx,
  organisationId: string,
  centers: { id: string; code: string; timeZone: string }[],
  recordedBy: string,
): Promise<void> {
  const rows = await tx
    .insert(expenditureCategories)
    .values(CATEGORIES.map((name) => ({ organisationId, name })))
    .returning();
  const categoryId = new Map(rows.map((c) => [c.name, c.id]));
  const values = centers.flatMap((center, n) => {
    const start = addDays(today(center.timeZone), -90);
    return [0, 30, 60].flatMap((month) =>
      PATTERN.map(([category, day, amount, tax, supplier, method]) => ({
        organisationId,
        centerId: center.id,
        date: addDays(start, month + day),
        categoryId: categoryId.get(category)!,
        // The second centre is smaller: its costs are three quarters (rounded by the money rule).
        amount: n === 0 ? amount : share(minor(amount), 3, 4),
        taxAmount: tax,
        supplier,
        method,
        note: category === 'Utilities' ? `Electricity, ${center.code}` : null,
        recordedBy,
      })),
    );
  });
  await tx.insert(expenditures).values(values);
}
