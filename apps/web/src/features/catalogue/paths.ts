export const membershipPath = (id: string) => `/apps/cloudfit/membership/${id}`;
export const packagePath = (id: string) => `/apps/cloudfit/package/${id}`;
