export const MEMBER_LIST_PATH = '/student-list';
export const memberPath = (id: string) => `/apps/student/edit/${id}`;
