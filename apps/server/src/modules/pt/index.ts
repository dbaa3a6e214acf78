/** What other modules and the app may use of the personal training module. */
import './hooks.ts';

export { bookPtSession } from './book-pt-session.ts';
export { completePtSession } from './complete-pt-session.ts';
export { ptRoutes } from './routes.ts';
