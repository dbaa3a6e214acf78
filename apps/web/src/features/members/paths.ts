export const MEMBER_LIST_PATH = '/student-list';
export const memberPath = (id: string) => `/apps/student/edit/${id}`;

/** The membership sale of a member (a denied entry's "Sell / renew", the `S` key on a member file). */
export const membershipSalePath = (id: string) => `/apps/member/${id}/membership/add/`;

/** A new sale for a member (the `N` key). */
export const newSalePath = (id: string) => `/apps/member/${id}/invoice/add/`;
