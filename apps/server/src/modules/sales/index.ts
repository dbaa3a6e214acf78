export { appendLedger } from './ledger.ts';
export { recordPayment } from './pay.ts';
export { overdueByMember } from './queries.ts';
export { refundInvoice } from './refund.ts';
export { salesRoutes } from './routes.ts';
export { sell } from './sell.ts';
