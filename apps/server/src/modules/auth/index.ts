/** What other modules and the app may use of the auth module. */
export { authenticate } from './authenticate.ts';
export { enqueuePasswordResetMail, passwordLink } from './password-reset.ts';
export { accountRoutes, jwtRoutes } from './routes.ts';
export { createThrottle } from './throttle.ts';
