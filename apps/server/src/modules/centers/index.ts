/** What other modules and the app may use of the centres module. */
export { centerRoutes } from './routes.ts';
