/** What other modules and the app may use of the entries module (the door). */
export { entryRoutes } from './routes.ts';
