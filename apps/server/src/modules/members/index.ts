/** What other modules, the app and the seed may use of the members module. */
export { cardLinkCaller, readCardLink } from './card-link.ts';
export { insertMember } from './insert-member.ts';
export { allocateMemberCodes } from './member-code.ts';
export { backfillMemberPhones } from './phone-backfill.ts';
export { linkPossibleDuplicate } from './possible-duplicate.ts';
export { redeemCardLink } from './redeem-card-link.ts';
export { memberRoutes } from './routes.ts';
