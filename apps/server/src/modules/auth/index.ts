/** What other modules and the app may use of the auth module. */
export { actingFor, authenticate, createSessionCache, type SessionCache } from './authenticate.ts';
export { enqueuePasswordResetMail, passwordLink } from './password-reset.ts';
export { accountRoutes, jwtRoutes } from './routes.ts';
export { revokeFamily, revokeUserSessions } from './sessions.ts';
export { createThrottle } from './throttle.ts';
