/** What other modules and the app may use of the classes module. */

export { expandDates, occurrenceTimes } from './recurrence.ts';
export { classRoutes } from './routes.ts';
