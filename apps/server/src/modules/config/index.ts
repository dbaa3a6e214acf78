/** What other modules and the app may use of the configuration module. */
export { enforceMaintenance } from './maintenance.ts';
export { configRoutes } from './routes.ts';
