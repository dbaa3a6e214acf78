/** Translation namespaces; each is `src/locales/<lang>/<namespace>.json`. */
export const NAMESPACES = [
  'common',
  'nav',
  'titles',
  'auth',
  'account',
  'errors',
  'misc',
  'acl',
  'outbox',
  'members',
  'groups',
  'centers',
  'staff',
  'settings',
  'public',
  'imports',
  'audit',
  'sales',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
