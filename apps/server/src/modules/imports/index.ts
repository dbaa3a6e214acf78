/** What other modules, the app and the seed may use of the imports module. */
export { insertMemberRows, type NewCardRow, type NewMemberRow } from './insert-members.ts';
export { importRoutes } from './routes.ts';
