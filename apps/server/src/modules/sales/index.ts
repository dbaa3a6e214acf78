export { ruleFor } from './commission.ts';
export { issueFeeInvoice, voidUnpaidFee } from './fee.ts';
export { recordPayment } from './pay.ts';
export { overdueByMember, overdueMinorOn } from './queries.ts';
export { refundInvoice } from './refund-invoice.ts';
export { salesRoutes } from './routes.ts';
export { sell } from './sell.ts';
