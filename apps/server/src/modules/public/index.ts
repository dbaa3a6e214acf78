/** What the app may use of the public pages module. */
export { publicRoutes } from './routes.ts';
