/** What other modules and the app may use of the reports module. */
export { reportRoutes } from './routes.ts';
