/** What the app (and tests) may use of the online payments module. */

export { startCheckout } from './checkout.ts';
export { sweepOrders } from './janitor.ts';
export { checkNotBlockedForOverdue, overdueFlag } from './overdue-flag.ts';
export type { PaymentProvider } from './provider.ts';
export { paymentPublicRoutes } from './public-routes.ts';
export { sweepRefunds } from './refunds.ts';
export { paymentRoutes } from './routes.ts';
export { type PaymentsRuntime, paymentsOf } from './runtime.ts';
export { checkSignature, SIGNATURE_TOLERANCE_SECONDS, signatureHeader } from './signature.ts';
export { paymentWebhookRoutes } from './webhook-routes.ts';
