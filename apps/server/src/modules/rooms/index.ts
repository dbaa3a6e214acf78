/** What other modules and the app may use of the rooms module. */
export { roomRoutes } from './routes.ts';
