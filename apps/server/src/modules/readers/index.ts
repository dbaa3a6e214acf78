/** What other modules and the app may use of the readers module. */
export { readerRoutes } from './routes.ts';
