/**
 * Staff's lists of online payments: pay links with their state and what each asks for now, and the
 * orders (online payments) with their state, provider reference and whether the books hold them.
 */

import { minor } from '@gym/contract/money';
import { formatMemberName } from '@gym/contract/names';
import type {
  OnlinePayment,
  onlinePaymentListQuerySchema,
  PayLink,
  PayLinkState,
  PaymentReminder,
  payLinkListQuerySchema,
} from '@gym/contract/payments';
import { likeEscape } from '@gym/contract/search';
import { dayBounds } from '@gym/contract/time';
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centers,
  invoices,
  members,
  payLinks,
  paymentOrderItems,
  paymentOrders,
  paymentReminders,
} from '../../db/schema/index.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { type PayLinkRow, payLinkAmount, payLinkState } from './pay-link-state.ts';

/** What a pay link's row needs beside it to be shown: its invoice, member and the open part of its installment. */
const linkColumns = {
  link: payLinks,
  invoiceNumber: invoices.number,
  currencyCode: invoices.currencyCode,
  voided: sql<boolean>`${invoices.voidedAt} is not null`,
  balance: sql<string>`${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor}`,
  lacking: sql<
    string | null
  >`(select i.amount_minor - coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = i.id), 0) from installments i where i.id = ${payLinks.installmentId})`,
  member: { id: members.id, firstName: members.firstName, lastName: members.lastName },
  orderId: payLinks.paidOrderId,
  paidAmount: sql<string | null>`(select po.amount_minor from payment_orders po where po.id = ${payLinks.paidOrderId})`,
};

type LinkRow = {
  link: PayLinkRow;
  invoiceNumber: string;
  currencyCode: string;
  voided: boolean;
  balance: string;
  lacking: string | null;
  member: { id: string; firstName: string; lastName: string };
  orderId: string | null;
  paidAmount: string | null;
};

export function payLinkView(row: LinkRow, now: Date, publicUrl: string): PayLink {
  const balance = row.voided ? 0 : Math.max(0, Number(row.balance));
  const owed = minor(row.lacking === null ? balance : Math.min(balance, Math.max(0, Number(row.lacking))));
  const { link } = row;
  return {
    id: link.id,
    token: link.token,
    url: `${publicUrl}/pay_link/${link.token}/`,
    kind: link.kind as PayLink['kind'],
    amount: payLinkAmount(link, owed, row.paidAmount === null ? null : minor(Number(row.paidAmount))),
    currency: row.currencyCode,
    state: payLinkState(link, now, owed),
    expiresAt: link.expiresAt.toISOString(),
    description: link.description,
    invoiceId: link.invoiceId,
    invoiceNumber: row.invoiceNumber,
    installmentId: link.installmentId,
    member: { id: row.member.id, name: formatMemberName(row.member) },
    createdAt: link.createdAt.toISOString(),
    paidAt: link.paidAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    orderId: row.orderId,
  };
}

const linkFrom = (ctx: QueryContext) =>
  ctx.db
    .select(linkColumns)
    .from(payLinks)
    .innerJoin(invoices, eq(invoices.id, payLinks.invoiceId))
    .innerJoin(members, eq(members.id, payLinks.memberId));

export async function getPayLink(ctx: QueryContext, { id, publicUrl }: { id: string; publicUrl: string }) {
  const [row] = await linkFrom(ctx).where(eq(payLinks.id, id));
  return payLinkView(row as LinkRow, ctx.clock.now(), publicUrl);
}

/** The state filter on what is stored: `paid`, `revoked`, `expired` as recorded, `active` the others (shown as they stand). */
function stateCondition(state: PayLinkState | undefined, now: Date): SQL | undefined {
  switch (state) {
    case 'paid':
      return isNotNull(payLinks.paidAt);
    case 'revoked':
      return and(isNull(payLinks.paidAt), isNotNull(payLinks.revokedAt));
    case 'expired':
      return and(isNull(payLinks.paidAt), isNull(payLinks.revokedAt), lte(payLinks.expiresAt, now));
    case 'active':
    case 'outdated':
      return and(isNull(payLinks.paidAt), isNull(payLinks.revokedAt), gt(payLinks.expiresAt, now));
    default:
      return undefined;
  }
}

type PayLinkFilters = Omit<z.output<typeof payLinkListQuerySchema>, 'page' | 'pageSize'>;

function payLinkWhere(q: PayLinkFilters, now: Date): SQL | undefined {
  return and(
    stateCondition(q.state, now),
    q.memberId ? eq(payLinks.memberId, q.memberId) : undefined,
    q.invoiceId ? eq(payLinks.invoiceId, q.invoiceId) : undefined,
    q.keyword
      ? or(
          sql`${invoices.number} ilike ${`%${likeEscape(q.keyword)}%`}`,
          sql`${members.searchText} like ${`%${likeEscape(q.keyword.toLowerCase())}%`}`,
        )
      : undefined,
  );
}

async function readPayLinks(
  ctx: QueryContext,
  where: SQL | undefined,
  { offset, limit, now, publicUrl }: { offset: number; limit: number; now: Date; publicUrl: string },
): Promise<PayLink[]> {
  const rows = await linkFrom(ctx)
    .where(where)
    .orderBy(desc(payLinks.createdAt), desc(payLinks.id))
    .limit(limit)
    .offset(offset);
  return (rows as LinkRow[]).map((r) => payLinkView(r, now, publicUrl));
}

export async function listPayLinks(
  ctx: QueryContext,
  { query: q, publicUrl }: { query: z.output<typeof payLinkListQuerySchema>; publicUrl: string },
) {
  const now = ctx.clock.now();
  const where = payLinkWhere(q, now);
  const [items, [count]] = await Promise.all([
    readPayLinks(ctx, where, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize, now, publicUrl }),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payLinks)
      .innerJoin(invoices, eq(invoices.id, payLinks.invoiceId))
      .innerJoin(members, eq(members.id, payLinks.memberId))
      .where(where),
  ]);
  return { items, total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** Every pay link the filters keep, for the list's export (newest first, by offset: a link created meanwhile may shift one). */
export function payLinksForExport(
  ctx: QueryContext,
  { query, publicUrl }: { query: PayLinkFilters; publicUrl: string },
): ChunkedRows<PayLink> {
  const now = ctx.clock.now();
  const where = payLinkWhere(query, now);
  return byOffset(({ offset, limit }) => readPayLinks(ctx, where, { offset, limit, now, publicUrl }));
}

type OnlinePaymentFilters = Omit<z.output<typeof onlinePaymentListQuerySchema>, 'page' | 'pageSize'>;

async function onlinePaymentWhere(ctx: QueryContext, q: OnlinePaymentFilters): Promise<SQL | undefined> {
  let range: SQL | undefined;
  if (q.from || q.to) {
    const zone = await callerTimeZone(ctx.db.unscoped('callerTimeZone scopes the centres by hand'), ctx.auth);
    range = and(
      q.from ? gte(paymentOrders.createdAt, dayBounds(q.from, zone).start) : undefined,
      q.to ? lt(paymentOrders.createdAt, dayBounds(q.to, zone).end) : undefined,
    );
  }
  return and(
    range,
    q.state ? eq(paymentOrders.state, q.state) : undefined,
    q.review === true
      ? isNotNull(paymentOrders.reviewReason)
      : q.review === false
        ? isNull(paymentOrders.reviewReason)
        : undefined,
    q.memberId ? eq(paymentOrders.memberId, q.memberId) : undefined,
    q.centerId ? eq(paymentOrders.centerId, q.centerId) : undefined,
    q.keyword
      ? or(
          eq(paymentOrders.providerReference, q.keyword),
          sql`${members.searchText} like ${`%${likeEscape(q.keyword.toLowerCase())}%`}`,
        )
      : undefined,
  );
}

async function readOnlinePayments(
  ctx: QueryContext,
  where: SQL | undefined,
  { offset, limit }: { offset: number; limit: number },
): Promise<OnlinePayment[]> {
  const rows = await ctx.db
    .select({
      order: paymentOrders,
      member: { id: members.id, firstName: members.firstName, lastName: members.lastName },
      center: { id: centers.id, name: centers.name },
    })
    .from(paymentOrders)
    .innerJoin(members, eq(members.id, paymentOrders.memberId))
    .innerJoin(centers, eq(centers.id, paymentOrders.centerId))
    .where(where)
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.order.id);
  const items = ids.length
    ? await ctx.db
        .select({
          orderId: paymentOrderItems.orderId,
          invoiceId: paymentOrderItems.invoiceId,
          number: invoices.number,
          amount: paymentOrderItems.amountMinor,
        })
        .from(paymentOrderItems)
        .innerJoin(invoices, eq(invoices.id, paymentOrderItems.invoiceId))
        .where(inArray(paymentOrderItems.orderId, ids))
    : [];
  return rows.map(({ order, member, center }): OnlinePayment => {
    const recorded = order.state === 'succeeded' && !order.reviewReason;
    return {
      id: order.id,
      state: order.state as OnlinePayment['state'],
      amount: order.amountMinor,
      currency: order.currencyCode,
      provider: order.provider,
      providerReference: order.providerReference,
      reconciliation: order.reviewReason ? 'review' : recorded ? 'recorded' : 'none',
      reviewReason: order.reviewReason as OnlinePayment['reviewReason'],
      member: { id: member.id, name: formatMemberName(member) },
      center,
      invoices: items
        .filter((i) => i.orderId === order.id)
        .map((i) => ({ id: i.invoiceId, number: i.number, amount: i.amount })),
      payLinkId: order.payLinkId,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  });
}

export async function listOnlinePayments(ctx: QueryContext, q: z.output<typeof onlinePaymentListQuerySchema>) {
  const where = await onlinePaymentWhere(ctx, q);
  const [items, [count]] = await Promise.all([
    readOnlinePayments(ctx, where, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize }),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .innerJoin(members, eq(members.id, paymentOrders.memberId))
      .where(where),
  ]);
  return { items, total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** Every online payment the filters keep, for the list's export (newest first). */
export async function onlinePaymentsForExport(
  ctx: QueryContext,
  q: OnlinePaymentFilters,
): Promise<ChunkedRows<OnlinePayment>> {
  const where = await onlinePaymentWhere(ctx, q);
  return byOffset(({ offset, limit }) => readOnlinePayments(ctx, where, { offset, limit }));
}

/** The reminders sent (and skipped) to a member, newest first: the member file's small table. */
export async function memberReminders(
  ctx: QueryContext,
  { memberId, publicUrl }: { memberId: string; publicUrl: string },
): Promise<PaymentReminder[]> {
  const rows = await ctx.db
    .select({ r: paymentReminders, number: invoices.number, token: payLinks.token })
    .from(paymentReminders)
    .innerJoin(invoices, eq(invoices.id, paymentReminders.invoiceId))
    .leftJoin(payLinks, eq(payLinks.id, paymentReminders.payLinkId))
    .where(eq(paymentReminders.memberId, memberId))
    .orderBy(desc(paymentReminders.at), desc(paymentReminders.offsetDays))
    .limit(200);
  return rows.map(({ r, number, token }) => ({
    id: r.id,
    at: r.at.toISOString(),
    invoiceId: r.invoiceId,
    invoiceNumber: number,
    installmentId: r.installmentId,
    dueOn: r.dueOn,
    offsetDays: r.offsetDays,
    outcome: r.outcome as PaymentReminder['outcome'],
    amount: r.amountMinor,
    currency: r.currencyCode,
    sentTo: r.sentTo,
    url: token ? `${publicUrl}/pay_link/${token}/` : null,
  }));
}
