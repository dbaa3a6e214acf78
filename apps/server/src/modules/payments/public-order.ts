/**
 * The order as its status page follows it (`GET /public/orders/{orderId}`: the order's id is the
 * page's only key). A member coming back from the checkout races the provider's webhook: while the
 * order still waits, the provider is asked (at most every few seconds) and its answer applied
 * through the one fulfilment use case, so the page shows the payment whichever comes first, and the
 * webhook that comes second changes nothing.
 */
import { LANGUAGES, type Language } from '@gym/contract/constants';
import type { PublicOrder } from '@gym/contract/payments';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  centers,
  invoicePaymentIds,
  memberPaymentIds,
  members,
  organisations,
  payLinks,
  paymentOrderItems,
  paymentOrders,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { isOpen, refreshOrder } from './checkout.ts';
import type { OrderRow } from './order-state.ts';
import { ProviderUnavailable } from './provider.ts';
import type { PaymentsRuntime } from './runtime.ts';

/** How long after the provider was last asked about an order its status page asks again. */
export const RETURN_RECHECK_MS = 3_000;

/** The order by its public id (the one read before its organisation is known). */
export async function orderById(deps: AppDeps, orderId: string): Promise<OrderRow> {
  const [order] = await deps.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order) throw notFound('order');
  return order;
}

export async function publicOrder(deps: AppDeps, payments: PaymentsRuntime, orderId: string): Promise<PublicOrder> {
  let order = await orderById(deps, orderId);
  const now = deps.clock.now();
  if (isOpen(order.state) && (!order.checkedAt || now.getTime() - order.checkedAt.getTime() >= RETURN_RECHECK_MS)) {
    order = await refreshOrder(deps, payments, order).catch((err: unknown) => {
      if (err instanceof ProviderUnavailable) return order;
      throw err;
    });
  }
  const db = tenantDb(deps.database.db, { organisationId: order.organisationId, centerIds: null });
  const [place] = await db
    .select({ organisation: organisations, centerName: centers.name, memberLanguage: members.language })
    .from(centers)
    .innerJoin(organisations, eq(organisations.id, centers.organisationId))
    .innerJoin(members, eq(members.id, order.memberId))
    .where(eq(centers.id, order.centerId));
  const config = configOf(place!.organisation);
  const language = (LANGUAGES as readonly string[]).includes(place!.memberLanguage)
    ? (place!.memberLanguage as Language)
    : config.defaultLanguage;
  const { publicUrl } = deps.config;
  const receipt =
    order.state === 'succeeded' &&
    (await db.first(
      paymentOrderItems,
      and(eq(paymentOrderItems.orderId, order.id), isNotNull(paymentOrderItems.paymentId)),
    ));
  const retry = ['failed', 'canceled', 'expired'].includes(order.state) ? await retryUrl(deps, order) : null;
  return {
    state: order.state as PublicOrder['state'],
    amount: order.amountMinor,
    currency: order.currencyCode,
    ...(receipt ? { receiptUrl: `${publicUrl}/api/v1/public/orders/${order.id}/receipt` } : {}),
    ...(order.state === 'failed' && order.failureReason ? { failureReason: order.failureReason } : {}),
    ...(retry ? { retryUrl: retry } : {}),
    organisationName: config.organisationName,
    centerName: place!.centerName,
    language,
  };
}

/** The page the order was started from, to try again. */
async function retryUrl(deps: AppDeps, order: OrderRow): Promise<string | null> {
  const db = tenantDb(deps.database.db, { organisationId: order.organisationId, centerIds: null });
  const { publicUrl } = deps.config;
  const [kind, id, date] = order.purpose.split(':');
  if (kind === 'link' && order.payLinkId) {
    const link = await db.first(payLinks, eq(payLinks.id, order.payLinkId));
    return link ? `${publicUrl}/pay_link/${link.token}/` : null;
  }
  if (kind === 'invoice' && id) {
    const page = await db.first(invoicePaymentIds, eq(invoicePaymentIds.invoiceId, id));
    return page ? `${publicUrl}/transaction-payment/${page.publicId}/` : null;
  }
  if (kind === 'member' && id && date) {
    const page = await db.first(memberPaymentIds, eq(memberPaymentIds.memberId, id));
    return page ? `${publicUrl}/payment/${page.publicId}/${date}/` : null;
  }
  return null;
}

/** The receipt of the order's (first) payment, as a PDF in the member's language. */
export async function orderReceiptTarget(deps: AppDeps, orderId: string) {
  const order = await orderById(deps, orderId);
  const db = tenantDb(deps.database.db, { organisationId: order.organisationId, centerIds: null });
  const [item] = await db
    .select()
    .from(paymentOrderItems)
    .where(and(eq(paymentOrderItems.orderId, order.id), isNotNull(paymentOrderItems.paymentId)))
    .orderBy(asc(paymentOrderItems.id))
    .limit(1);
  if (order.state !== 'succeeded' || !item?.paymentId) throw notFound('receipt');
  return { order, invoiceId: item.invoiceId, paymentId: item.paymentId, db };
}
