export { loginThrottles, passwordResetTokens, refreshTokens } from './auth.ts';
export { expenditureCategories, expenditures } from './expenditures.ts';
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
export { readers, rooms } from './places.ts';
export { auditLog, domainEvents, idempotencyKeys } from './platform.ts';
export { appSecrets, centers, organisations, userCenters, users } from './tenancy.ts';
