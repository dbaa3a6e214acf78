import type {
  Invoice,
  InvoiceSummary,
  invoiceListQuerySchema,
  MemberAccount,
  Payment,
  paymentListQuerySchema,
} from '@gym/contract/sales';
import { likeEscape } from '@gym/contract/search';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { readAll } from '../../db/client.ts';
import { reusableStatement } from '../../db/reusable.ts';
import {
  centers,
  commissionEntries,
  coupons,
  entitlements,
  installments,
  invoiceLines,
  invoices,
  members,
  payments,
  refundItems,
  users,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { type KeyColumn, keyOrder, keysetRows } from '../../lib/long-read.ts';
import { memberNameLike, memberNameSql } from '../../lib/member-name.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { scopeOf, type TenantDb } from '../../lib/tenant-db.ts';
import { installmentPaid } from './pay.ts';
import { taxBreakdown } from './pricing.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

const memberName = memberNameSql(members.firstName, members.lastName);
const staff = alias(users, 'staff');

/**
 * The overdue rule, written once (decision 388). On a day (a centre's business date), an
 * installment is overdue when it was due before that day and is not wholly paid; an invoice has
 * overdue the unpaid parts of those installments, never more than its balance, and nothing once
 * void. `unpaidDueBefore` is its SQL (the invoice `invoiceId`, the day an SQL date), `overdueAmount`
 * its clamp, `installmentOverdue` the test of one installment.
 */
const unpaidDueBefore = (invoiceId: SQL | PgColumn, day: SQL) => sql<string>`coalesce((
  select sum(greatest(i.amount_minor - coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = i.id), 0), 0))
  from installments i
  where i.invoice_id = ${invoiceId}
    and i.due_on < ${day}
), 0)`;

export const installmentOverdue = (i: { dueOn: string; amountMinor: number; paidMinor: number }, day: string) =>
  i.dueOn < day && i.paidMinor < i.amountMinor;

export const overdueAmount = (unpaidDue: number, balanceMinor: number, voided: boolean) =>
  voided ? 0 : Math.max(0, Math.min(unpaidDue, balanceMinor));

/** Unpaid parts of installments due before the invoice's centre's business date, per invoice. */
const overdueOf = unpaidDueBefore(invoices.id, sql`(now() at time zone ${centers.timeZone})::date`);

const summaryColumns = {
  invoice: invoices,
  member: { id: members.id, code: members.code, name: memberName },
  center: { id: centers.id, code: centers.code, name: centers.name },
  staff: { id: staff.id, name: staff.fullName },
  overdue: overdueOf,
};

type SummaryRow = {
  invoice: typeof invoices.$inferSelect;
  member: { id: string; code: string; name: string };
  center: { id: string; code: string; name: string };
  staff: { id: string; name: string } | null;
  overdue: string;
};

function toSummary(r: SummaryRow): InvoiceSummary {
  const i = r.invoice;
  const overdue = overdueAmount(Number(r.overdue), i.totalMinor - i.refundedMinor - i.paidMinor, i.voidedAt !== null);
  return {
    id: i.id,
    number: i.number,
    issuedOn: i.issuedOn,
    member: r.member,
    center: r.center,
    currencyCode: i.currencyCode,
    totalMinor: i.totalMinor,
    paidMinor: i.paidMinor,
    refundedMinor: i.refundedMinor,
    balanceMinor: i.voidedAt ? 0 : i.totalMinor - i.refundedMinor - i.paidMinor,
    overdueMinor: overdue,
    state: i.state as InvoiceSummary['state'],
    staff: r.staff?.id ? r.staff : null,
    createdAt: i.createdAt.toISOString(),
  };
}

const summaryFrom = <X extends Record<string, SQL>>(db: TenantDb, extra?: X) =>
  db
    .select({ ...summaryColumns, ...(extra as X) })
    .from(invoices)
    .innerJoin(members, eq(members.id, invoices.memberId))
    .innerJoin(centers, eq(centers.id, invoices.centerId))
    .leftJoin(staff, eq(staff.id, invoices.staffId));

type ListFilters = Omit<z.infer<typeof invoiceListQuerySchema>, 'page' | 'pageSize'>;

function invoiceWhere(auth: Scope, q: ListFilters): SQL {
  const keyword = q.keyword?.trim();
  // What staff typed is matched literally: % and _ are not wildcards.
  const like = keyword ? `%${likeEscape(keyword)}%` : '';
  const balance = sql`(${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor})`;
  return scopeOf(
    auth,
    invoices,
    q.centerId ? eq(invoices.centerId, q.centerId) : undefined,
    q.memberId ? eq(invoices.memberId, q.memberId) : undefined,
    q.state === 'unpaid'
      ? and(sql`${invoices.state} <> 'void'`, sql`${balance} > 0`)
      : q.state
        ? eq(invoices.state, q.state)
        : undefined,
    q.from ? gte(invoices.issuedOn, q.from) : undefined,
    q.to ? lte(invoices.issuedOn, q.to) : undefined,
    q.method
      ? sql`exists (select 1 from payments p where p.invoice_id = ${invoices.id} and p.kind = 'payment' and p.method = ${q.method})`
      : undefined,
    q.overdue ? and(sql`${invoices.state} <> 'void'`, sql`${overdueOf} > 0`) : undefined,
    keyword
      ? sql`(${invoices.number} ilike ${like} or ${members.code} ilike ${like} or ${memberNameLike(members.firstName, members.lastName, like)})`
      : undefined,
  );
}

/** The columns of a sort, each in its direction, ending with the number (unique in the organisation). */
function invoiceKey(sort: ListFilters['sort']): KeyColumn[] {
  const descending = sort.startsWith('-');
  const seq = (down: boolean): KeyColumn => ({ column: invoices.seq, cast: 'integer', descending: down });
  switch (sort.replace(/^-/, '')) {
    case 'number':
      return [seq(descending)];
    case 'total':
      return [{ column: invoices.totalMinor, cast: 'bigint', descending }, seq(true)];
    case 'balance':
      return [
        {
          column: sql`${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor}`,
          cast: 'bigint',
          descending,
        },
        seq(true),
      ];
    default:
      return [{ column: invoices.issuedOn, cast: 'date', descending }, seq(descending)];
  }
}

const invoiceOrder = (sort: ListFilters['sort']): SQL[] => keyOrder(invoiceKey(sort));

export async function listInvoices(db: TenantDb, q: z.infer<typeof invoiceListQuerySchema>) {
  const where = invoiceWhere(db.auth, q);
  const [rows, [total]] = await Promise.all([
    summaryFrom(db)
      .where(where)
      .orderBy(...invoiceOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(invoices)
      .innerJoin(members, eq(members.id, invoices.memberId))
      .innerJoin(centers, eq(centers.id, invoices.centerId))
      .where(where),
  ]);
  return { items: (rows as SummaryRow[]).map(toSummary), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * The export's invoices, a chunk at a time (lib/long-read.ts), each after the last one's sort
 * values: an invoice sold during the export neither repeats nor pushes out another.
 */
export async function listInvoicesForExport(db: TenantDb, q: ListFilters) {
  return keysetRows(
    invoiceKey(q.sort),
    ({ columns, after, order, limit }) =>
      summaryFrom(db, columns)
        .where(and(invoiceWhere(db.auth, q), after))
        .orderBy(...order)
        .limit(limit),
    (r) => toSummary(r as SummaryRow),
  );
}

const paymentColumns = {
  payment: payments,
  invoiceNumber: invoices.number,
  member: { id: members.id, code: members.code, name: memberName },
  center: { id: centers.id, code: centers.code, name: centers.name },
  staff: { id: staff.id, name: staff.fullName },
};
type PaymentRow = {
  payment: typeof payments.$inferSelect;
  invoiceNumber: string;
  member: { id: string; code: string; name: string };
  center: { id: string; code: string; name: string };
  staff: { id: string; name: string } | null;
};

function toPayment(r: PaymentRow): Payment {
  const p = r.payment;
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    invoiceNumber: r.invoiceNumber,
    member: r.member,
    center: r.center,
    kind: p.kind as Payment['kind'],
    method: p.method,
    amountMinor: p.amountMinor,
    tenderedMinor: p.tenderedMinor,
    changeMinor: p.changeMinor,
    reference: p.reference,
    reason: p.reason,
    refundOfId: p.refundOfId,
    staff: r.staff?.id ? r.staff : null,
    paidOn: p.paidOn,
    createdAt: p.createdAt.toISOString(),
  };
}

const paymentsFrom = (db: TenantDb) =>
  db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(centers, eq(centers.id, payments.centerId))
    .leftJoin(staff, eq(staff.id, payments.staffId));

export async function listPayments(db: TenantDb, q: z.infer<typeof paymentListQuerySchema>) {
  const where = scopeOf(
    db.auth,
    payments,
    q.centerId ? eq(payments.centerId, q.centerId) : undefined,
    q.memberId ? eq(payments.memberId, q.memberId) : undefined,
    q.kind ? eq(payments.kind, q.kind) : undefined,
    q.method ? eq(payments.method, q.method) : undefined,
    q.from ? gte(payments.paidOn, q.from) : undefined,
    q.to ? lte(payments.paidOn, q.to) : undefined,
  );
  const dir = q.sort.startsWith('-') ? desc : asc;
  const order = q.sort.includes('amount')
    ? [dir(payments.amountMinor), desc(payments.createdAt)]
    : [dir(payments.createdAt)];
  const [rows, [total]] = await Promise.all([
    paymentsFrom(db)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { items: (rows as PaymentRow[]).map(toPayment), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** What reads an invoice: a route's query context, or a command's (in its transaction). */
export interface InvoiceReader {
  db: TenantDb;
  clock: Clock;
  auth: Scope & { ability?: AuthContext['ability'] };
}

/** One invoice with its lines, installments (paid parts, overdue on `today`) and payments. */
export async function getInvoice(ctx: InvoiceReader, { id, today }: { id: string; today?: string }): Promise<Invoice> {
  const { db, auth } = ctx;
  const withCommission = auth.ability?.can('read', 'Commission') ?? false;
  const [row] = await summaryFrom(db).where(scopeOf(auth, invoices, eq(invoices.id, id)));
  if (!row) throw notFound('invoice');
  const r = row as SummaryRow;
  const [center] = await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, r.center.id));
  const day = today ?? ctx.clock.today(center!.timeZone);
  const seller = alias(users, 'seller');
  // Side by side on the pool; one after the other inside the sale's transaction.
  const [lines, plan, pays, coupon, refunded, ents, earned] = await readAll(
    db.unscoped('readAll only chooses how the scoped reads below are sent'),
    () =>
      db
        .select({ line: invoiceLines, soldBy: { id: seller.id, name: seller.fullName } })
        .from(invoiceLines)
        .leftJoin(seller, eq(seller.id, invoiceLines.soldById))
        .where(eq(invoiceLines.invoiceId, id))
        .orderBy(invoiceLines.lineNo),
    () =>
      db
        .select({
          inst: installments,
          paid: installmentPaid,
        })
        .from(installments)
        .where(eq(installments.invoiceId, id))
        .orderBy(installments.seq),
    () => paymentsFrom(db).where(eq(payments.invoiceId, id)).orderBy(asc(payments.createdAt)),
    () =>
      r.invoice.couponId
        ? db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(eq(coupons.id, r.invoice.couponId))
        : Promise.resolve([]),
    () =>
      db
        .select({
          lineId: refundItems.invoiceLineId,
          quantity: sql<string>`sum(${refundItems.quantity})`,
          amount: sql<string>`sum(${refundItems.amountMinor})`,
        })
        .from(refundItems)
        .innerJoin(invoiceLines, eq(invoiceLines.id, refundItems.invoiceLineId))
        .where(eq(invoiceLines.invoiceId, id))
        .groupBy(refundItems.invoiceLineId),
    () =>
      db
        .select({ id: entitlements.id, lineId: entitlements.invoiceLineId })
        .from(entitlements)
        .innerJoin(invoiceLines, eq(invoiceLines.id, entitlements.invoiceLineId))
        .where(eq(invoiceLines.invoiceId, id)),
    () =>
      withCommission
        ? db
            .select({
              lineId: commissionEntries.invoiceLineId,
              amount: sql<string>`sum(${commissionEntries.amountMinor})`,
            })
            .from(commissionEntries)
            .innerJoin(invoiceLines, eq(invoiceLines.id, commissionEntries.invoiceLineId))
            .where(eq(invoiceLines.invoiceId, id))
            .groupBy(commissionEntries.invoiceLineId)
        : Promise.resolve([]),
  );
  const summary = toSummary(r);
  const installmentsOut = plan.map((p) => {
    const paid = Number(p.paid);
    return {
      id: p.inst.id,
      seq: p.inst.seq,
      dueOn: p.inst.dueOn,
      amountMinor: p.inst.amountMinor,
      paidMinor: paid,
      overdue: !r.invoice.voidedAt && installmentOverdue({ ...p.inst, paidMinor: paid }, day),
    };
  });
  const overdueMinor = overdueAmount(
    installmentsOut.filter((i) => i.overdue).reduce((s, i) => s + (i.amountMinor - i.paidMinor), 0),
    summary.balanceMinor,
    r.invoice.voidedAt !== null,
  );
  const next = r.invoice.voidedAt ? undefined : installmentsOut.find((i) => i.paidMinor < i.amountMinor);
  const lineViews = lines.map(({ line: l, soldBy }) => {
    const back = refunded.find((x) => x.lineId === l.id);
    return {
      id: l.id,
      lineNo: l.lineNo,
      itemType: l.itemType as Invoice['lines'][number]['itemType'],
      itemId: l.itemId,
      description: l.description,
      quantity: l.quantity,
      listPriceMinor: l.listPriceMinor,
      unitPriceMinor: l.unitPriceMinor,
      priceOverrideReason: l.priceOverrideReason,
      discountMinor: l.discountMinor,
      couponDiscountMinor: l.couponDiscountMinor,
      totalMinor: l.totalMinor,
      taxRateBp: l.taxRateBp,
      taxMinor: l.taxMinor,
      soldBy: soldBy?.id ? soldBy : null,
      refundedQuantity: Number(back?.quantity ?? 0),
      refundedMinor: Number(back?.amount ?? 0),
      entitlementId: ents.find((e) => e.lineId === l.id)?.id ?? null,
      commissionMinor: withCommission ? Number(earned.find((e) => e.lineId === l.id)?.amount ?? 0) : null,
    };
  });
  return {
    ...summary,
    overdueMinor,
    subtotalMinor: r.invoice.subtotalMinor,
    discountMinor: r.invoice.discountMinor,
    taxMinor: r.invoice.taxMinor,
    netMinor: r.invoice.totalMinor - r.invoice.taxMinor,
    taxes: taxBreakdown(lineViews),
    coupon: coupon[0] ?? null,
    note: r.invoice.note,
    voidReason: r.invoice.voidReason,
    lines: lineViews,
    installments: installmentsOut,
    payments: (pays as PaymentRow[]).map(toPayment),
    nextDue: next ? { dueOn: next.dueOn, amountMinor: next.amountMinor - next.paidMinor } : null,
  };
}

/**
 * What each of these members owes past its due date (the member list's overdue badge): per open
 * invoice the unpaid parts of installments due before the invoice centre's today, never more than
 * the invoice's balance; summed per member. Members who owe nothing overdue are absent.
 */
export async function overdueByMember(db: TenantDb, memberIds: readonly string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await overdueByMemberStatement(
    db.unscoped('a prepared statement, scoped by the organisation id it is run with'),
    db.auth.organisationId,
    { memberIds: [...memberIds] },
  );
  return new Map(rows.map((r) => [r.memberId, Number(r.overdue)]));
}

/**
 * The statement of `overdueByMember`, built once: the ids are one array parameter, so that its text
 * never changes and PostgreSQL plans it once per connection (a named prepared statement) rather
 * than on every page of a list, and this process builds it once.
 */
const overdueByMemberStatement = reusableStatement('overdue_by_member', (db, scope) => {
  const balance = sql<number>`${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor}`;
  const perInvoice = db
    .select({ memberId: invoices.memberId, owed: sql<string>`least(${overdueOf}, ${balance})`.as('owed') })
    .from(invoices)
    .innerJoin(centers, eq(centers.id, invoices.centerId))
    .where(
      and(
        eq(invoices.organisationId, scope.organisationId),
        sql`${invoices.memberId} = any(${sql.placeholder('memberIds')}::uuid[])`,
        sql`${invoices.state} <> 'void'`,
        sql`${balance} > 0`,
      ),
    )
    .as('per_invoice');
  return db
    .select({ memberId: perInvoice.memberId, overdue: sql<string>`sum(${perInvoice.owed})` })
    .from(perInvoice)
    .groupBy(perInvoice.memberId)
    .having(sql`sum(${perInvoice.owed}) > 0`);
});

/** The member file's money header: what is owed over every open invoice, the overdue part, the next due. */
export async function memberAccount(db: TenantDb, memberId: string): Promise<MemberAccount> {
  const member = await db.first(members, eq(members.id, memberId));
  if (!member) throw notFound('member');
  // Every invoice of the member, also those of centres the caller does not work in.
  const open = await summaryFrom(db.wholeOrganisation).where(
    and(
      eq(invoices.memberId, memberId),
      sql`${invoices.state} <> 'void'`,
      sql`${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor} > 0`,
    ),
  );
  const summaries = (open as SummaryRow[]).map(toSummary);
  const ids = summaries.map((s) => s.id);
  const nextRows = ids.length
    ? await db
        .select({
          invoiceId: installments.invoiceId,
          dueOn: installments.dueOn,
          amount: installments.amountMinor,
          paid: installmentPaid,
        })
        .from(installments)
        .where(inArray(installments.invoiceId, ids))
        .orderBy(installments.dueOn, installments.seq)
    : [];
  const next = nextRows.find((n) => Number(n.paid) < n.amount);
  const config = await readSystemConfig(
    db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
    db.auth.organisationId,
  );
  return {
    balanceMinor: summaries.reduce((s, i) => s + i.balanceMinor, 0),
    overdueMinor: summaries.reduce((s, i) => s + i.overdueMinor, 0),
    nextDue: next
      ? { dueOn: next.dueOn, amountMinor: next.amount - Number(next.paid), invoiceId: next.invoiceId }
      : null,
    currencyCode: config.currencyCode,
  };
}

/**
 * What a member owes past due on `day` (a centre's business date), over every invoice of the
 * organisation not voided: per invoice, the unpaid parts of installments due before `day`, at most
 * its balance (the same rule as an invoice's `overdueMinor`). The door compares it with the
 * organisation's tolerance.
 */
export async function overdueMinorOn(db: TenantDb, { memberId, day }: { memberId: string; day: string }) {
  const { organisationId } = db.auth;
  const rows = await db
    .unscoped('a statement written in SQL, scoped by hand by the organisation id')
    .execute<{ n: string | number | null }>(sql`
    select coalesce(sum(least(o.overdue, o.balance)), 0) as n from (
      select inv.total_minor - inv.refunded_minor - inv.paid_minor as balance,
        ${unpaidDueBefore(sql`inv.id`, sql`${day}::date`)} as overdue
      from ${invoices} inv
      where inv.organisation_id = ${organisationId} and inv.member_id = ${memberId}
        and inv.voided_at is null and inv.state <> 'void'
    ) o where o.balance > 0`);
  return Number((rows as unknown as { rows: { n: string | number | null }[] }).rows[0]?.n ?? 0);
}

/**
 * The due date of the member's oldest installment not wholly paid, of an invoice not void with a
 * balance left (SQL, for a member row `memberId` of `organisationId`), or null; before `day` when
 * one is given. Before a day, it is how long the member has owed past due by the overdue rule above
 * (the overdue booking block, the desk's and the door's flag). The door reads it without a day, in
 * its checks' statement, and compares it with its business date.
 */
export const oldestUnpaidDueSql = (memberId: SQL | PgColumn, organisationId: SQL | PgColumn, day?: SQL) =>
  sql<string | null>`(select min(i.due_on)::text
    from installments i join invoices inv on inv.id = i.invoice_id
    where inv.organisation_id = ${organisationId} and inv.member_id = ${memberId}
      and inv.voided_at is null and inv.state <> 'void'
      and inv.total_minor - inv.refunded_minor - inv.paid_minor > 0
      ${day ? sql`and i.due_on < ${day}` : sql``}
      and i.amount_minor > coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = i.id), 0))`;

/** `oldestUnpaidDueSql` before `day` (a centre's business date) for one member: the oldest overdue due date. */
export async function oldestOverdueOn(db: TenantDb, { memberId, day }: { memberId: string; day: string }) {
  const rows = await db
    .unscoped('a statement written in SQL, scoped by hand by the organisation id')
    .execute<{ due: string | null }>(
      sql`select ${oldestUnpaidDueSql(sql`${memberId}::uuid`, sql`${db.auth.organisationId}::uuid`, sql`${day}::date`)} as due`,
    );
  return (rows as unknown as { rows: { due: string | null }[] }).rows[0]?.due ?? null;
}
