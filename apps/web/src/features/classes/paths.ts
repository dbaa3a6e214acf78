export const CLASS_LIST_PATH = '/class-list';
/** The class types screen (the spec names no path for it; see docs/decisions.d/classes-web.md). */
export const CLASS_TYPE_LIST_PATH = '/class-type-list';
export const memberClassAddPath = (memberId: string) => `/apps/member/${memberId}/class/add`;
