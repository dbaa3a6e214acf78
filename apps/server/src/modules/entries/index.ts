/** What other modules and the app may use of the entries module (the door). */
export { clockStaff } from './clock-staff.ts';
export { recordEntry } from './record-entry.ts';
export { entryRoutes } from './routes.ts';
