/** What other modules and the app may use of the catalogue module. */
export { catalogueRoutes } from './routes.ts';
