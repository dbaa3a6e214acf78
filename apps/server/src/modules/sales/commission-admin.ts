/**
 * Commission rules (who earns what on which item type) and a staff member's sales and commission
 * by month (`/apps/cloudfit/staff/package/{id}`).
 */
import type { CommissionRule, createCommissionRuleRequestSchema, StaffCommission } from '@gym/contract/sales';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  commissionEntries,
  commissionRules,
  invoiceLines,
  invoices,
  ptSessions,
  users,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { organisationScopeOf, scopeOf } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

export async function listCommissionRules(db: DbOrTx, auth: Scope, staffId?: string): Promise<CommissionRule[]> {
  const rows = await db
    .select({ rule: commissionRules, staff: { id: users.id, name: users.fullName, role: users.role } })
    .from(commissionRules)
    .leftJoin(users, eq(users.id, commissionRules.staffId))
    .where(organisationScopeOf(auth, commissionRules))
    .orderBy(commissionRules.createdAt);
  const target = staffId
    ? (
        await db
          .select()
          .from(users)
          .where(organisationScopeOf(auth, users, eq(users.id, staffId)))
      )[0]
    : undefined;
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

export async function createCommissionRule(
  ctx: UseCaseContext,
  input: z.output<typeof createCommissionRuleRequestSchema>,
): Promise<CommissionRule> {
  const staffId = 'staffId' in input ? input.staffId : null;
  const role = 'role' in input ? input.role : null;
  if (staffId) {
    const staff = await ctx.db.first(users, eq(users.id, staffId));
    if (!staff) {
      throw new AppError(404, 'not_found', 'Staff not found', [
        { path: 'staffId', code: 'not_found', message: 'Staff not found' },
      ]);
    }
  }
  const [rule] = await ctx.db.insert(commissionRules, {
    staffId,
    role,
    itemType: input.itemType,
    kind: input.kind,
    percentBp: input.kind === 'percent' ? input.percentBp : 0,
    amountMinor: input.kind === 'fixed' ? input.amountMinor : 0,
  });
  await audit(ctx.tx, ctx.auth, null, {
    action: 'commission.rule_changed',
    entityType: 'commission',
    entityId: rule!.id,
    summary: `Commission rule added: ${staffId ? `staff ${staffId}` : `role ${role}`}, ${input.itemType}, ${input.kind === 'percent' ? `${input.percentBp} bp` : `${input.amountMinor} per item`}`,
    after: { ...input },
  });
  return (await listCommissionRules(ctx.tx, ctx.auth)).find((r) => r.id === rule!.id)!;
}

/** Rules are switched off, never changed: commission already earned keeps the rule it was earned by. */
export async function setCommissionRuleActive(ctx: UseCaseContext, input: { id: string; active: boolean }) {
  const [rule] = await ctx.db.update(commissionRules, { active: input.active }, eq(commissionRules.id, input.id));
  if (!rule) throw notFound('commission rule');
  await audit(ctx.tx, ctx.auth, null, {
    action: 'commission.rule_changed',
    entityType: 'commission',
    entityId: rule.id,
    summary: `Commission rule ${input.active ? 'switched on' : 'switched off'}`,
    before: { active: !input.active },
    after: { active: input.active },
  });
  return (await listCommissionRules(ctx.tx, ctx.auth)).find((r) => r.id === rule.id)!;
}

/** What `staffId` sold and earned in each month of `year` (invoices and PT sessions of the caller's centres). */
export async function staffCommission(
  db: DbOrTx,
  auth: Scope,
  staffId: string,
  year: number,
): Promise<StaffCommission> {
  const [staff] = await db
    .select()
    .from(users)
    .where(organisationScopeOf(auth, users, eq(users.id, staffId)));
  if (!staff) throw notFound('staff');
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
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
        scopeOf(
          auth,
          invoices,
          eq(invoiceLines.soldById, staffId),
          sql`${invoices.state} <> 'void'`,
          gte(invoices.issuedOn, from),
          lte(invoices.issuedOn, to),
        ),
      )
      .groupBy(sql`1`),
    db
      .select({
        month: sql<string>`to_char(${commissionEntries.earnedOn}, 'YYYY-MM')`,
        amount: sql<string>`sum(${commissionEntries.amountMinor})`,
      })
      .from(commissionEntries)
      .innerJoin(invoiceLines, eq(invoiceLines.id, commissionEntries.invoiceLineId))
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(
        scopeOf(
          auth,
          invoices,
          and(
            eq(commissionEntries.staffId, staffId),
            gte(commissionEntries.earnedOn, from),
            lte(commissionEntries.earnedOn, to),
          ),
        ),
      )
      .groupBy(sql`1`),
    // A trainer's commission on PT sessions done (modules/pt), seen through the session's centre.
    db
      .select({
        month: sql<string>`to_char(${commissionEntries.earnedOn}, 'YYYY-MM')`,
        amount: sql<string>`sum(${commissionEntries.amountMinor})`,
      })
      .from(commissionEntries)
      .innerJoin(ptSessions, eq(ptSessions.id, commissionEntries.ptSessionId))
      .where(
        scopeOf(
          auth,
          ptSessions,
          and(
            eq(commissionEntries.staffId, staffId),
            gte(commissionEntries.earnedOn, from),
            lte(commissionEntries.earnedOn, to),
          ),
        ),
      )
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
