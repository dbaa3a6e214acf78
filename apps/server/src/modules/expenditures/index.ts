/** What other modules and the app may use of the expenditures module. */
export { expenditureRoutes } from './routes.ts';
