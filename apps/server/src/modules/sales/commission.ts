/**
 * Commission: credited as a line is paid (in proportion to what each payment pays of it), reversed
 * in proportion when the line is refunded. The rule is the seller's own for the item type, else
 * their own for any type, else their role's for the type, else their role's for any type.
 */
import { type Minor, minor, neg, percent, share, sum, ZERO } from '@gym/contract/money';
import { eq, inArray, sql } from 'drizzle-orm';
import { readAll } from '../../db/client.ts';
import { commissionEntries, commissionRules, users } from '../../db/schema/index.ts';
import type { ActorContext, UseCaseContext } from '../../lib/use-case.ts';

type Rule = typeof commissionRules.$inferSelect;

export function ruleFor(
  rules: readonly Rule[],
  staff: { id: string; role: string },
  itemType: string,
): Rule | undefined {
  const mine = rules.filter((r) => r.active && r.staffId === staff.id);
  const role = rules.filter((r) => r.active && r.staffId === null && r.role === staff.role);
  return (
    mine.find((r) => r.itemType === itemType) ??
    mine.find((r) => r.itemType === 'any') ??
    role.find((r) => r.itemType === itemType) ??
    role.find((r) => r.itemType === 'any')
  );
}

/** Commission on `paid` of a line of `lineTotal` (quantity `quantity`): a percentage of it, or the fixed amount per item in proportion. */
export function commissionOn(rule: Rule, paid: Minor, lineTotal: number, quantity: number): Minor {
  if (rule.kind === 'percent') return percent(paid, rule.percentBp);
  return share(minor(rule.amountMinor * quantity), paid, lineTotal);
}

export interface PaidLine {
  id: string;
  itemType: string;
  soldById: string | null;
  totalMinor: number;
  quantity: number;
  /** What this payment paid of the line. */
  paidMinor: Minor;
}

/** Credits the commission of a payment's shares of its lines. */
export async function creditCommission(
  ctx: ActorContext,
  { paymentId, earnedOn, lines }: { paymentId: string; earnedOn: string; lines: PaidLine[] },
) {
  const sellers = [...new Set(lines.flatMap((l) => (l.soldById && l.paidMinor > 0 ? [l.soldById] : [])))];
  if (!sellers.length) return;
  const [rules, staff] = await readAll(
    ctx.db.unscoped('readAll only chooses how the scoped reads below are sent'),
    () => ctx.db.rows(commissionRules),
    () => ctx.db.rows(users, inArray(users.id, sellers)),
  );
  if (!rules.length) return;
  const rows = lines.flatMap((l) => {
    const seller = staff.find((u) => u.id === l.soldById);
    const rule = seller && ruleFor(rules, seller, l.itemType);
    if (!seller || !rule || l.paidMinor <= 0) return [];
    const amount = commissionOn(rule, l.paidMinor, l.totalMinor, l.quantity);
    return amount === 0 ? [] : [{ staffId: seller.id, invoiceLineId: l.id, paymentId, amountMinor: amount, earnedOn }];
  });
  if (rows.length) await ctx.db.insert(commissionEntries, rows);
}

/** Reverses the commission of `lineId` in proportion: `returned` of the `paid` so far (all of it when they are equal). */
export async function reverseCommission(
  ctx: UseCaseContext,
  {
    refundId,
    earnedOn,
    lineId,
    returned,
    paid,
  }: { refundId: string; earnedOn: string; lineId: string; returned: Minor; paid: Minor },
) {
  const credited = await ctx.db
    .select({ staffId: commissionEntries.staffId, amount: sql<string>`sum(${commissionEntries.amountMinor})` })
    .from(commissionEntries)
    .where(eq(commissionEntries.invoiceLineId, lineId))
    .groupBy(commissionEntries.staffId);
  const rows = credited.flatMap((c) => {
    const total = minor(Number(c.amount));
    if (total === 0) return [];
    const back = returned >= paid ? total : share(total, returned, paid);
    return back === 0
      ? []
      : [{ staffId: c.staffId, invoiceLineId: lineId, paymentId: refundId, amountMinor: neg(back), earnedOn }];
  });
  if (rows.length) await ctx.db.insert(commissionEntries, rows);
  return sum(rows.map((r) => r.amountMinor)) ?? ZERO;
}

export const commissionOfLines = (ctx: UseCaseContext, lineIds: string[]) =>
  ctx.db
    .select({ lineId: commissionEntries.invoiceLineId, amount: sql<string>`sum(${commissionEntries.amountMinor})` })
    .from(commissionEntries)
    .where(inArray(commissionEntries.invoiceLineId, lineIds))
    .groupBy(commissionEntries.invoiceLineId);
