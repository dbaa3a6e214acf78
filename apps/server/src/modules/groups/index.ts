/** What other modules and the app may use of the groups module. */
export { groupRoutes } from './routes.ts';
