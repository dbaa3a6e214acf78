export { salesRoutes } from './routes.ts';
