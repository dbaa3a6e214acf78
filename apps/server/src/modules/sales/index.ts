export { ruleFor } from './commission.ts';
export { issueFeeInvoice, voidUnpaidFee } from './fee.ts';
export { getInvoice, oldestOverdueOn, oldestUnpaidDueSql, overdueByMember, overdueMinorOn } from './queries.ts';
export { invoicePdf } from './receipt.ts';
export { recordPayment } from './record-payment.ts';
export { refundInvoice } from './refund-invoice.ts';
export { salesRoutes } from './routes.ts';
export { sell } from './sell.ts';
