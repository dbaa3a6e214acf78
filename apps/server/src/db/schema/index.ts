export { loginThrottles, passwordResetTokens, refreshTokens } from './auth.ts';
export { outboxEmails } from './outbox.ts';
export { appSecrets, centers, organisations, userCenters, users } from './tenancy.ts';
