import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@gym/contract/constants';
import { ERROR_CODES } from '@gym/contract/errors';
import { describe, expect, it } from 'vitest';
import { TITLE_KEYS } from '../shared/routing/routes';
import { NAMESPACES } from './namespaces';

const here = dirname(fileURLToPath(import.meta.url));
const srcDir = join(here, '..');

type Tree = { [key: string]: string | Tree };

function load(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(here, language, `${namespace}.json`), 'utf8')) as Tree;
}

/** `{a: {b: 'x'}}` -> `{'a.b': 'x'}` */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const catalogue = new Map(
  LANGUAGES.map((language) => [
    language,
    new Map(NAMESPACES.map((namespace) => [namespace, flatten(load(language, namespace))])),
  ]),
);
const en = catalogue.get('en')!;

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has exactly the namespace files of NAMESPACES in every language', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(here, language))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files, language).toEqual([...NAMESPACES].sort());
    }
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}: every English key is present and not empty`, () => {
      const missing: string[] = [];
      for (const namespace of NAMESPACES) {
        const theirs = catalogue.get(language)!.get(namespace)!;
        for (const key of en.get(namespace)!.keys()) {
          const value = theirs.get(key);
          if (typeof value !== 'string' || value.trim() === '') missing.push(`${namespace}:${key}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it(`${language}: has no key that English lacks`, () => {
      const extra: string[] = [];
      for (const namespace of NAMESPACES) {
        const ours = en.get(namespace)!;
        for (const key of catalogue.get(language)!.get(namespace)!.keys()) {
          if (!ours.has(key)) extra.push(`${namespace}:${key}`);
        }
      }
      expect(extra).toEqual([]);
    });

    it(`${language}: keeps the same {{placeholders}} as English`, () => {
      const wrong: string[] = [];
      for (const namespace of NAMESPACES) {
        const theirs = catalogue.get(language)!.get(namespace)!;
        for (const [key, value] of en.get(namespace)!) {
          const other = theirs.get(key);
          if (typeof value !== 'string' || typeof other !== 'string') continue;
          if (placeholders(value).join() !== placeholders(other).join()) wrong.push(`${namespace}:${key}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('English values are not empty', () => {
    const empty: string[] = [];
    for (const namespace of NAMESPACES) {
      for (const [key, value] of en.get(namespace)!) {
        if (typeof value !== 'string' || value.trim() === '') empty.push(`${namespace}:${key}`);
      }
    }
    expect(empty).toEqual([]);
  });

  it('has a text for every error code the server answers the app', () => {
    const codes = en.get('errors')!;
    const screenCodes = en.get('screenErrors')!;
    // Answered to card readers only, never to a person.
    const devicesOnly = new Set(['reader_unauthenticated']);
    const missing = ERROR_CODES.filter(
      (code) => !devicesOnly.has(code) && !codes.has(`codes.${code}`) && !screenCodes.has(`codes.${code}`),
    );
    expect(missing).toEqual([]);
    // One place per code: the sign-in bundle or the screens' chunk, never both.
    expect([...screenCodes.keys()].filter((key) => codes.has(key))).toEqual([]);
  });

  it('has words for every validation message the contract’s schemas give (a field shows them)', () => {
    // The codes the shared schemas put in a refine, a regex or an issue's message.
    const contractDir = join(srcDir, '..', '..', '..', 'packages', 'contract', 'src');
    const codes = new Set<string>();
    for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(join(contractDir, file), 'utf8');
      for (const pattern of [
        /refine\([^;]*?,\s*'([a-z]+(?:_[a-z]+)+)'\s*\)/gs,
        /message:\s*'([a-z]+(?:_[a-z]+)+)'/g,
        /\.(?:min|max|regex|length)\([^;()]*?,\s*'([a-z]+(?:_[a-z]+)+)'\s*\)/g,
      ])
        for (const m of source.matchAll(pattern)) codes.add(m[1]!);
    }
    expect(codes.size).toBeGreaterThan(20);
    // Answered to card readers only, never to a person.
    const devicesOnly = new Set(['scan_id_format']);
    const keys = [...catalogue.get('en')!.entries()].flatMap(([ns, flat]) => [...flat.keys()].map((k) => `${ns}:${k}`));
    const missing = [...codes].filter((code) => !devicesOnly.has(code) && !keys.some((k) => k.endsWith(`.${code}`)));
    expect(missing).toEqual([]);
  });

  it('has a title for every titleKey of the route table', () => {
    const titles = en.get('titles')!;
    expect(TITLE_KEYS.filter((key) => !titles.has(key))).toEqual([]);
  });

  it('has every literal key the source code asks for', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) sources.push(path);
      }
    };
    walk(srcDir);
    const missing: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['`]([a-zA-Z]+):([A-Za-z0-9_.-]+)['`]/g)) {
        const [, namespace = '', key = ''] = m;
        if (!(NAMESPACES as readonly string[]).includes(namespace)) continue;
        if (!en.get(namespace as (typeof NAMESPACES)[number])!.has(key)) missing.push(`${namespace}:${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
