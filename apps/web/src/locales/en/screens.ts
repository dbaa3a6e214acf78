/**
 * English of the product screens (a chunk of its own, see `./index`): every namespace but the
 * shell's and the sign-in pages', which `./index` bundles with the entry.
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['./*.json', '!./{common,nav,titles,auth,account,errors,misc,acl}.json'],
  { eager: true, import: 'default' },
);

export const resources = Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.slice(2, -5), texts]));
