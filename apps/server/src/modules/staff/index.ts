/** What other modules and the app may use of the staff module. */
export { staffRoutes } from './routes.ts';
