/** What other modules, the app and the seed may use of the members module. */
export { readCardLink, redeemCardLink } from './card-link.ts';
export { insertMember } from './insert-member.ts';
export { allocateMemberCodes } from './member-code.ts';
export { memberRoutes } from './routes.ts';
