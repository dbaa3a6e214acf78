/**
 * No import cycles in the web app. Walks every module under `apps/web/src` (static imports,
 * re-exports and dynamic `import()` alike: a lazy screen that imports the router back is still a
 * cycle) and fails naming each cycle found.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile() && /\.(ts|tsx)$/.test(c)) return c;
    } catch {
      // not this one
    }
  }
  return null;
}

/**
 * Module specifiers a file imports at run time: `import ... from`, `export ... from`, `import('...')`,
 * side-effect imports. Type-only imports (`import type`, `typeof import()`) are erased by the build
 * and left out.
 */
export function importsOf(code: string): string[] {
  const withoutComments = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\b(?:import|export)\s+type\s[^;]*?\bfrom\s*['"][^'"]+['"]/g, '')
    .replace(/\btypeof\s+import\s*\(\s*['"][^'"]+['"]\s*\)/g, '');
  const specs: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const m of withoutComments.matchAll(pattern)) if (m[1]) specs.push(m[1]);
  }
  return specs;
}

/** Every elementary cycle reachable by depth-first search (each reported once, from its smallest file). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'visiting') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0] as string);
        const normal = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(normal.join(' → '), normal);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .map((spec) => resolveImport(file, spec))
      .filter((t): t is string => t !== null);
    graph.set(relative(SRC, file), [...new Set(targets.map((t) => relative(SRC, t)))]);
  }
  return graph;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the checker itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      importsOf(
        "import x from './x';\nexport { y } from './y';\nconst z = () => import('./z');\nimport type { T } from './t';\nlet w: typeof import('./w');",
      ),
    ).toEqual(['./x', './y', './z']);
  });

  it('apps/web/src has none, static or dynamic', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    const cycles = findCycles(graph).map((c) => [...c, c[0]].join(' → '));
    expect(cycles).toEqual([]);
  });
});
