/** What other modules and the app may use of the outbox module. */
export { listOutbox } from './queries.ts';
export { outboxRoutes } from './routes.ts';
