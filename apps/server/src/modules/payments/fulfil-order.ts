/**
 * The one place an online payment lands: the provider's webhook (through the outbox), the member's
 * return to the status page and the janitor all bring the provider's word here. The order's row is
 * locked first, so of two deliveries at once the second sees what the first did; the state moves
 * only as `ORDER_TRANSITIONS` allows, so a repeat, an old event after a newer one, or a failure
 * after the money came changes nothing. Money taken is recorded through the desk's own payment use
 * case (method `online`, the provider's reference kept): invoices, installments, receipts,
 * commission and entitlements behave as for a desk payment. Money that does not match the order
 * (amount or currency), or that an invoice can no longer take, is recorded nowhere: the order is
 * flagged for review and the audit log says why.
 */
import type { Language } from '@gym/contract/constants';
import { type Minor, minor, sum } from '@gym/contract/money';
import { formatMemberName } from '@gym/contract/names';
import { ONLINE_PAYMENT_METHOD, type OrderReviewReason, type OrderState, PAYMENT_EVENTS } from '@gym/contract/payments';
import { and, eq, isNull } from 'drizzle-orm';
import { members, payLinks, paymentOrderItems, paymentOrders, payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { moneyText } from '../../lib/money-text.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { recordPayment } from '../sales/index.ts';
import { nextState, type OrderRow } from './order-state.ts';
import type { ProviderReport } from './provider.ts';

const PAID_ONLINE: Record<Language, (name: string, amount: string) => string> = {
  en: (n, a) => `${n} paid ${a} online`,
  de: (n, a) => `${n} hat ${a} online bezahlt`,
  fr: (n, a) => `${n} a payé ${a} en ligne`,
  pt: (n, a) => `${n} pagou ${a} online`,
  'zh-Hant': (n, a) => `${n} 已網上支付 ${a}`,
};

export async function fulfilOrder(
  ctx: ActorContext,
  { orderId, report }: { orderId: string; report: ProviderReport },
): Promise<OrderRow> {
  const orders = ctx.db.wholeOrganisation;
  const [order] = await orders.lock(paymentOrders, eq(paymentOrders.id, orderId));
  if (!order) throw notFound('order');
  const now = ctx.clock.now();
  const learnt = {
    checkedAt: now,
    ...(report.sessionId && !order.sessionId ? { sessionId: report.sessionId } : {}),
    ...(report.reference && !order.providerReference ? { providerReference: report.reference } : {}),
  };
  const save = async (set: Partial<OrderRow>) =>
    (await orders.update(paymentOrders, { ...learnt, ...set }, eq(paymentOrders.id, order.id)))[0]!;
  const target = nextState(order.state as OrderState, report);
  if (!target) return save({});
  if (target !== 'succeeded') {
    return save({ state: target, updatedAt: now, failureReason: target === 'failed' ? report.failureReason : null });
  }

  // The money came: it must match what the order asked for.
  const mismatch: OrderReviewReason | null =
    report.currencyCode !== order.currencyCode
      ? 'currency_mismatch'
      : report.amountMinor !== order.amountMinor
        ? 'amount_mismatch'
        : null;
  if (mismatch) {
    const flagged = await save({
      state: 'succeeded',
      updatedAt: now,
      reviewReason: mismatch,
      reported: { amountMinor: report.amountMinor, currencyCode: report.currencyCode },
    });
    await flag(ctx, flagged, mismatch, {
      reported: { amountMinor: report.amountMinor, currencyCode: report.currencyCode },
    });
    return flagged;
  }

  const reference = report.reference ?? order.providerReference ?? `order:${order.id}`;
  const items = await orders.rows(paymentOrderItems, eq(paymentOrderItems.orderId, order.id));
  const refused: { invoiceId: string; code: string }[] = [];
  const recorded: string[] = [];
  for (const invoiceId of [...new Set(items.map((i) => i.invoiceId))]) {
    const mine = items.filter((i) => i.invoiceId === invoiceId);
    const amountMinor = sum(mine.map((i) => minor(i.amountMinor)));
    const installmentIds = mine.flatMap((i) => (i.installmentId ? [i.installmentId] : []));
    const paymentId = await payInvoice(ctx, { invoiceId, amountMinor, installmentIds, reference }).catch(
      (err: unknown) => {
        if (!(err instanceof AppError)) throw err;
        refused.push({ invoiceId, code: err.fields?.[0]?.code ?? err.code });
        return null;
      },
    );
    if (!paymentId) continue;
    recorded.push(invoiceId);
    await orders.update(
      paymentOrderItems,
      { paymentId },
      and(eq(paymentOrderItems.orderId, order.id), eq(paymentOrderItems.invoiceId, invoiceId))!,
    );
  }
  const review: OrderReviewReason | null = refused.length > 0 ? 'invoice_changed' : null;
  const paid = await save({
    state: 'succeeded',
    updatedAt: now,
    providerReference: order.providerReference ?? report.reference,
    reviewReason: review,
  });
  if (order.payLinkId) {
    await orders.update(
      payLinks,
      { paidAt: now, paidOrderId: order.id },
      and(eq(payLinks.id, order.payLinkId), isNull(payLinks.paidAt))!,
    );
  }
  if (review) await flag(ctx, paid, review, { refused });
  if (recorded.length > 0)
    await tellTheDesk(
      ctx,
      paid,
      sum(items.filter((i) => recorded.includes(i.invoiceId)).map((i) => minor(i.amountMinor))),
    );
  return paid;
}

/** The payment of one invoice's share, through the desk's use case, in a savepoint: a refusal leaves nothing behind. */
async function payInvoice(
  ctx: ActorContext,
  input: { invoiceId: string; amountMinor: Minor; installmentIds: string[]; reference: string },
): Promise<string> {
  try {
    return await ctx.db.savepoint(async (db) => {
      const payment = await recordPayment(
        { ...ctx, db },
        {
          invoiceId: input.invoiceId,
          method: ONLINE_PAYMENT_METHOD,
          amountMinor: input.amountMinor,
          reference: input.reference,
          ...(input.installmentIds.length ? { installmentIds: input.installmentIds } : {}),
        },
      );
      return payment.id;
    });
  } catch (err) {
    // This provider payment is already on the invoice (the unique index): it is that payment.
    if (!isUniqueViolation(err, 'payments_online_once')) throw err;
    const [known] = await ctx.db.wholeOrganisation
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.invoiceId, input.invoiceId),
          eq(payments.reference, input.reference),
          eq(payments.method, ONLINE_PAYMENT_METHOD),
        ),
      );
    return known!.id;
  }
}

/** The order waits for staff: an audit row says why, with what the provider reported. */
async function flag(ctx: ActorContext, order: OrderRow, reason: OrderReviewReason, facts: Record<string, unknown>) {
  await recordAudit(ctx, {
    action: 'online_payment.review_needed',
    entityType: 'online_payment',
    entityId: order.id,
    centerId: order.centerId,
    summary: `Online payment of ${moneyText(order.amountMinor, order.currencyCode)} held for review: ${reason.replaceAll('_', ' ')}`,
    before: { state: order.state, amountMinor: order.amountMinor, currencyCode: order.currencyCode },
    after: { reviewReason: reason, providerReference: order.providerReference, ...facts },
  });
}

/** The member's centre hears it at once: "陳大文 paid HKD 500.00 online", in the organisation's language. */
async function tellTheDesk(ctx: ActorContext, order: OrderRow, amount: Minor) {
  const [member] = await ctx.db.wholeOrganisation.select().from(members).where(eq(members.id, order.memberId));
  const { defaultLanguage } = await readSystemConfig(
    ctx.db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
    ctx.auth.organisationId,
  );
  const name = member!.chineseName?.trim() || formatMemberName(member!);
  const message = (PAID_ONLINE[defaultLanguage] ?? PAID_ONLINE.en)(name, moneyText(amount, order.currencyCode));
  const payload = {
    orderId: order.id,
    memberId: order.memberId,
    amountMinor: amount,
    currencyCode: order.currencyCode,
  };
  ctx.emit({
    type: PAYMENT_EVENTS.onlinePaymentReceived,
    organisationId: ctx.auth.organisationId,
    centerId: order.centerId,
    payload,
    realtime: {
      scope: 'center',
      centerId: order.centerId,
      message: {
        center_id: order.centerId,
        action: PAYMENT_EVENTS.onlinePaymentReceived,
        message,
        icon: 'CreditCardIcon',
        member_id: order.memberId,
        order_id: order.id,
      },
    },
  });
}
