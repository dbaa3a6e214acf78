/** What other modules and the app may use of the dashboard module. */
export { dashboardRoutes } from './routes.ts';
