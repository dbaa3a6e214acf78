/** Every namespace of this language, bundled together (one chunk per language): `./<namespace>.json` by name. */
const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

export const resources = Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.slice(2, -5), texts]));
