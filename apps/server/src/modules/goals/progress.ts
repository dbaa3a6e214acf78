/**
 * What a month has achieved at a centre, counted from the source rows (nothing is stored): money
 * taken (payments less refunds, by the centre's business date of each), first memberships (new
 * members), PT sessions done and memberships sold to members who had one before (renewals).
 * Staff members' figures are the same counts limited to what they sold or trained.
 */
import { type GoalMetric, monthDays } from '@gym/contract/goals';
import { and, between, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { entitlements, goals, invoiceLines, invoices, payments, ptSessions } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** A metric's figure for the centre (`centre`) and for each staff member (by id). */
export type Actuals = Record<GoalMetric, { centre: number; staff: Map<string, number> }>;

function tally(rows: { who: string | null; n: number | string | null }[]) {
  let centre = 0;
  const staff = new Map<string, number>();
  for (const row of rows) {
    const n = Number(row.n ?? 0);
    centre += n;
    if (row.who) staff.set(row.who, (staff.get(row.who) ?? 0) + n);
  }
  return { centre, staff };
}

/** Money taken at the centre in the month: Σ payments − Σ refunds, by the invoice's seller. */
async function revenue(db: TenantDb, centerId: string, first: string, last: string) {
  return tally(
    await db
      .select({
        who: invoices.staffId,
        n: sql<string>`coalesce(sum(case when ${payments.kind} = 'payment' then ${payments.amountMinor} else -${payments.amountMinor} end), 0)`,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(payments.centerId, centerId), between(payments.paidOn, first, last)))
      .groupBy(invoices.staffId),
  );
}

/**
 * Memberships sold at the centre in the month (not voided), each split into a member's first
 * membership (a new member) or a later one (a renewal), credited to the line's seller.
 */
async function membershipSales(db: TenantDb, centerId: string, first: string, last: string) {
  const earlier = sql`exists (
    select 1 from ${entitlements} as prior
    left join ${invoiceLines} as prior_line on prior_line.id = prior.invoice_line_id
    left join ${invoices} as prior_invoice on prior_invoice.id = prior_line.invoice_id
    where prior.organisation_id = ${entitlements.organisationId}
      and prior.member_id = ${entitlements.memberId}
      and prior.kind = 'membership'
      and prior.id <> ${entitlements.id}
      and (prior_invoice.id is null
        or (prior_invoice.state <> 'void' and (prior_invoice.issued_on < ${invoices.issuedOn}
          or (prior_invoice.issued_on = ${invoices.issuedOn} and prior_invoice.seq < ${invoices.seq})))))`;
  const rows = await db
    .select({
      who: invoiceLines.soldById,
      renewal: sql<boolean>`${earlier}`,
      n: sql<string>`count(*)`,
    })
    .from(entitlements)
    .innerJoin(invoiceLines, eq(invoiceLines.id, entitlements.invoiceLineId))
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(entitlements.kind, 'membership'),
        isNotNull(entitlements.invoiceLineId),
        eq(invoices.centerId, centerId),
        ne(invoices.state, 'void'),
        between(invoices.issuedOn, first, last),
      ),
    )
    .groupBy(invoiceLines.soldById, sql`2`);
  return {
    newMembers: tally(rows.filter((r) => !r.renewal)),
    renewals: tally(rows.filter((r) => r.renewal)),
  };
}

/** PT sessions done at the centre in the month (its business dates), by trainer. */
async function ptDone(db: TenantDb, centerId: string, first: string, last: string) {
  return tally(
    await db
      .select({ who: ptSessions.trainerId, n: sql<string>`count(*)` })
      .from(ptSessions)
      .where(
        and(
          eq(ptSessions.centerId, centerId),
          eq(ptSessions.status, 'completed'),
          between(ptSessions.businessDate, first, last),
        ),
      )
      .groupBy(ptSessions.trainerId),
  );
}

/** Money taken at the centre between two business dates (both included): Σ payments − Σ refunds. */
export async function moneyTaken(db: TenantDb, centerId: string, first: string, last: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<string>`coalesce(sum(case when ${payments.kind} = 'payment' then ${payments.amountMinor} else -${payments.amountMinor} end), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.centerId, centerId), between(payments.paidOn, first, last)));
  return Number(row?.n ?? 0);
}

/** The centre's own target of a metric for a month, or null. */
export async function centreTarget(db: TenantDb, centerId: string, month: string, metric: GoalMetric) {
  const [row] = await db
    .select({ target: goals.target })
    .from(goals)
    .where(and(eq(goals.centerId, centerId), eq(goals.month, month), eq(goals.metric, metric), isNull(goals.staffId)));
  return row?.target ?? null;
}

/** Every metric's figures of `month` at the centre. */
export async function monthActuals(db: TenantDb, centerId: string, month: string): Promise<Actuals> {
  const { first, last } = monthDays(month);
  const [money, sales, pt] = await Promise.all([
    revenue(db, centerId, first, last),
    membershipSales(db, centerId, first, last),
    ptDone(db, centerId, first, last),
  ]);
  return { revenue: money, newMembers: sales.newMembers, renewals: sales.renewals, ptSessions: pt };
}
