/** What other modules and the app may use of the goals module. */
export { centreTarget, moneyTaken } from './progress.ts';
export { goalBoard } from './queries.ts';
export { goalRoutes } from './routes.ts';
