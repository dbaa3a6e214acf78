/**
 * What an online order is for, planned from what the member's page names: a pay link, an invoice's
 * open balance, or lines the member owes. The plan says what is paid (items), for whom, at which
 * centre, and names its purpose: one order per purpose is open at a time. A pay link is locked
 * while its order is planned, and one that cannot be paid is refused here, before any provider is
 * asked.
 */
import { createHash } from 'node:crypto';
import { type Minor, sum } from '@gym/contract/money';
import { eq } from 'drizzle-orm';
import { invoices, payLinks } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { owedUpTo } from './owed.ts';
import { owedOnLink, payLinkAmount, payLinkState } from './pay-link-state.ts';

export type OrderTarget =
  | { kind: 'link'; token: string }
  | { kind: 'invoice'; invoiceId: string }
  | { kind: 'member'; memberId: string; date: string; lines?: string[] };

export interface OrderItemPlan {
  invoiceId: string;
  installmentId: string | null;
  amountMinor: Minor;
}

export interface OrderPlan {
  purpose: string;
  memberId: string;
  centerId: string;
  currencyCode: string;
  description: string;
  payLinkId: string | null;
  items: OrderItemPlan[];
  amountMinor: Minor;
}

const refuse = (
  status: number,
  code: 'pay_link_paid' | 'pay_link_expired' | 'pay_link_revoked' | 'pay_link_outdated',
  message: string,
) => new AppError(status, code, message);
const rule = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

export async function planOrder(ctx: ActorContext, target: OrderTarget): Promise<OrderPlan> {
  switch (target.kind) {
    case 'link':
      return planForLink(ctx, target.token);
    case 'invoice':
      return planForInvoice(ctx, target.invoiceId);
    case 'member':
      return planForMember(ctx, target);
  }
}

async function planForLink(ctx: ActorContext, token: string): Promise<OrderPlan> {
  const [link] = await ctx.db.wholeOrganisation.lock(payLinks, eq(payLinks.token, token));
  if (!link) throw notFound('pay link');
  const { invoice, owed } = await owedOnLink(ctx.db, link);
  switch (payLinkState(link, ctx.clock.now(), owed)) {
    case 'paid':
      throw refuse(410, 'pay_link_paid', 'This pay link has been paid: there is nothing left to pay');
    case 'revoked':
      throw refuse(410, 'pay_link_revoked', 'This pay link was withdrawn by the centre');
    case 'expired':
      throw refuse(410, 'pay_link_expired', 'This pay link has expired');
    case 'outdated':
      throw refuse(409, 'pay_link_outdated', 'This pay link asks for more than is still owed');
    case 'active':
      break;
  }
  const amount = payLinkAmount(link, owed);
  return {
    purpose: `link:${link.id}`,
    memberId: link.memberId,
    centerId: link.centerId,
    currencyCode: invoice.currencyCode,
    description: link.description ?? `Invoice ${invoice.number}`,
    payLinkId: link.id,
    items: [{ invoiceId: invoice.id, installmentId: link.installmentId, amountMinor: amount }],
    amountMinor: amount,
  };
}

async function planForInvoice(ctx: ActorContext, invoiceId: string): Promise<OrderPlan> {
  const [invoice] = await ctx.db.wholeOrganisation.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound('invoice');
  if (invoice.voidedAt) throw rule('transactionUuid', 'invoice_void', 'This invoice is void');
  const balance = (invoice.totalMinor - invoice.refundedMinor - invoice.paidMinor) as Minor;
  if (balance <= 0) throw rule('transactionUuid', 'invoice_settled', 'This invoice is already paid');
  return {
    purpose: `invoice:${invoice.id}`,
    memberId: invoice.memberId,
    centerId: invoice.centerId,
    currencyCode: invoice.currencyCode,
    description: `Invoice ${invoice.number}`,
    payLinkId: null,
    items: [{ invoiceId: invoice.id, installmentId: null, amountMinor: balance }],
    amountMinor: balance,
  };
}

async function planForMember(
  ctx: ActorContext,
  { memberId, date, lines }: { memberId: string; date: string; lines?: string[] },
): Promise<OrderPlan> {
  const owed = await owedUpTo(ctx.db, { memberId, day: date });
  lines?.forEach((key, i) => {
    if (!owed.some((o) => o.key === key)) throw rule(`lines.${i}`, 'line_not_owed', 'This is not owed up to this date');
  });
  const chosen = lines ? owed.filter((o) => lines.includes(o.key)) : owed;
  if (chosen.length === 0) throw rule('lines', 'nothing_owed', 'Nothing is owed up to this date');
  const keys = chosen.map((c) => c.key).sort();
  const [first] = await ctx.db.wholeOrganisation.select().from(invoices).where(eq(invoices.id, chosen[0]!.invoiceId));
  const amount = sum(chosen.map((c) => c.amountMinor));
  return {
    purpose: `member:${memberId}:${date}:${createHash('sha256').update(keys.join(',')).digest('hex')}`,
    memberId,
    centerId: chosen[0]!.centerId,
    currencyCode: first!.currencyCode,
    description: `Invoice ${[...new Set(chosen.map((c) => c.invoiceNumber))].join(', ')}`,
    payLinkId: null,
    items: chosen.map((c) => ({ invoiceId: c.invoiceId, installmentId: c.installmentId, amountMinor: c.amountMinor })),
    amountMinor: amount,
  };
}
