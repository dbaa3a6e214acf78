/**
 * Commission rules (who earns what on which item type) and a staff member's sales and commission
 * by month (`/apps/cloudfit/staff/package/{id}`).
 */
import type { CommissionRule, StaffCommission } from '@gym/contract/sales';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import {
  commissionEntries,
  commissionRules,
  invoiceLines,
  invoices,
  ptSessions,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export async function listCommissionRules(db: TenantDb, { staffId }: { staffId?: string }): Promise<CommissionRule[]> {
  const rows = await db
    .select({ rule: commissionRules, staff: { id: users.id, name: users.fullName, role: users.role } })
    .from(commissionRules)
    .leftJoin(users, eq(users.id, commissionRules.staffId))
    .orderBy(commissionRules.createdAt);
  const target = staffId ? await db.first(users, eq(users.id, staffId)) : undefined;
  if (staffId && !target) throw notFound('staff');
  return rows
    .filter((r) => !target || r.rule.staffId === target.id || (r.rule.staffId === null && r.rule.role === target.role))
    .map(({ rule, staff }) => ({
      id: rule.id,
      staff: staff?.id ? { id: staff.id, name: staff.name } : null,
      role: rule.role,
      itemType: rule.itemType as CommissionRule['itemType'],
      kind: rule.kind as CommissionRule['kind'],
      percentBp: rule.percentBp,
      amountMinor: rule.amountMinor,
      active: rule.active,
    }));
}

/** What `staffId` sold and earned in each month of `year` (invoices and PT sessions of the caller's centres). */
export async function staffCommission(
  db: TenantDb,
  { staffId, year }: { staffId: string; year: number },
): Promise<StaffCommission> {
  const staff = await db.first(users, eq(users.id, staffId));
  if (!staff) throw notFound('staff');
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const earnedInYear = and(
    eq(commissionEntries.staffId, staffId),
    gte(commissionEntries.earnedOn, from),
    lte(commissionEntries.earnedOn, to),
  );
  /** The staff member's commission by month, seen through what it was earned on (joined next). */
  const earnedByMonth = () =>
    db
      .select({
        month: sql<string>`to_char(${commissionEntries.earnedOn}, 'YYYY-MM')`,
        amount: sql<string>`sum(${commissionEntries.amountMinor})`,
      })
      .from(commissionEntries);
  const [sold, earnedOnSales, earnedOnPt] = await Promise.all([
    db
      .select({
        month: sql<string>`to_char(${invoices.issuedOn}, 'YYYY-MM')`,
        lines: sql<number>`count(*)::int`,
        sales: sql<string>`sum(${invoiceLines.totalMinor})`,
      })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(
        db.where(
          invoices,
          eq(invoiceLines.soldById, staffId),
          sql`${invoices.state} <> 'void'`,
          gte(invoices.issuedOn, from),
          lte(invoices.issuedOn, to),
        ),
      )
      .groupBy(sql`1`),
    earnedByMonth()
      .innerJoin(invoiceLines, eq(invoiceLines.id, commissionEntries.invoiceLineId))
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(db.where(invoices, earnedInYear))
      .groupBy(sql`1`),
    // A trainer's commission on PT sessions done (modules/pt), seen through the session's centre.
    earnedByMonth()
      .innerJoin(ptSessions, eq(ptSessions.id, commissionEntries.ptSessionId))
      .where(db.where(ptSessions, earnedInYear))
      .groupBy(sql`1`),
  ]);
  const earned = [...earnedOnSales, ...earnedOnPt];
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    const s = sold.find((r) => r.month === month);
    const e = earned.filter((r) => r.month === month);
    return {
      month,
      lines: s?.lines ?? 0,
      salesMinor: Number(s?.sales ?? 0),
      commissionMinor: e.reduce((total, r) => total + Number(r.amount), 0),
    };
  });
  return {
    staff: { id: staff.id, name: staff.fullName, role: staff.role },
    year,
    months,
    totals: {
      lines: months.reduce((a, m) => a + m.lines, 0),
      salesMinor: months.reduce((a, m) => a + m.salesMinor, 0),
      commissionMinor: months.reduce((a, m) => a + m.commissionMinor, 0),
    },
  };
}
