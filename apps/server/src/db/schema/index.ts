export { loginThrottles, passwordResetTokens, refreshTokens } from './auth.ts';
export {
  coupons,
  creditPackages,
  membershipPlans,
  offers,
  productSetItems,
  productSets,
  productStock,
  products,
  shortCourses,
  stockMovements,
} from './catalogue.ts';
export { bookings, classes, classSeries, classTypes } from './classes.ts';
export { commissionEntries, commissionRules } from './commission.ts';
export { albumPhotos, albums, contentImages, news, slides } from './content.ts';
export { entitlementLedger, entitlementState, entitlements } from './entitlements.ts';
export { entries, staffAttendance } from './entries.ts';
export { expenditureCategories, expenditures } from './expenditures.ts';
export { goals } from './goals.ts';
export {
  cardLinkTokens,
  cards,
  importPresets,
  memberGroupMembers,
  memberGroups,
  memberImports,
  members,
} from './members.ts';
export { outboxEmails } from './outbox.ts';
export {
  invoicePaymentIds,
  memberPaymentIds,
  onlineRefunds,
  payLinks,
  paymentOrderItems,
  paymentOrders,
  paymentReminders,
  paymentSettings,
  paymentWebhookEvents,
  simulatedCheckoutSessions,
} from './payments.ts';
export { readerScans, readers, rooms } from './places.ts';
export { auditLog, domainEvents, idempotencyKeys } from './platform.ts';
export { ptSessions, trainerDaysOff, trainerHours } from './pt.ts';
export {
  couponUses,
  installments,
  invoiceLines,
  invoices,
  paymentAllocations,
  payments,
  refundItems,
} from './sales.ts';
export {
  agreementTemplates,
  signatureEvents,
  signatureRequests,
  signedDocuments,
  signingCertificates,
} from './signatures.ts';
export { appSecrets, centers, organisations, userCenters, users } from './tenancy.ts';
