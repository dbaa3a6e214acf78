/**
 * The scans behind the house's rules (`architecture.test.ts`): imports, comments, layers, circles,
 * counts per file. `node --import tsx scripts/lib/architecture.ts` prints what each rule finds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER = 'apps/server/src';
export const WEB = 'apps/web/src';

export type Counts = Record<string, number>;

export function sourceFiles(dir: string, withTests = false): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path, withTests));
    else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name)) {
      if (withTests || !/\.(test|load|scale|spec)\.tsx?$/.test(name)) out.push(path);
    }
  }
  return out;
}

export const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The files a source file imports (relative imports only), as paths from the root. */
export function importsOf(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    found.add(relative(ROOT, resolve(ROOT, dirname(file), m[1]!)));
  }
  return [...found];
}

/** Lines without comments (a `//` comment, a line of a block comment): what the code says, not what it explains. */
export function codeOf(text: string): string[] {
  let inBlock = false;
  return text.split('\n').map((line) => {
    let code = line;
    if (inBlock) {
      const end = code.indexOf('*/');
      if (end < 0) return '';
      code = code.slice(end + 2);
      inBlock = false;
    }
    code = code.replace(/\/\*.*?\*\//g, '');
    const start = code.indexOf('/*');
    if (start >= 0) {
      inBlock = true;
      code = code.slice(0, start);
    }
    const comment = code.search(/(^|[^:'"`])\/\//);
    return comment >= 0 ? code.slice(0, comment + 1) : code;
  });
}

/** The server module (or layer outside the modules: lib, db, realtime, ...) a server file belongs to. */
export function layerOf(file: string): string {
  const rel = relative(SERVER, file);
  const [top, second] = rel.split('/');
  if (top === 'modules') return `modules/${second}`;
  return top!.endsWith('.ts') ? 'root' : top!;
}

/** The strongly connected groups of more than one node (each a circle), each sorted, the list sorted. */
export function circles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!indexOf.has(v)) visit(v);
  return found.sort((a, b) => a.join().localeCompare(b.join()));
}

export function graph(files: string[], nodeOf: (file: string) => string | null): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = nodeOf(file);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of importsOf(file, read(file))) {
      const to = nodeOf(target.replace(/\.js$/, '.ts'));
      if (to && to !== from) edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Counts per file of the lines matching `pattern` (comments left out). */
export function countPerFile(files: string[], pattern: RegExp): Counts {
  const counts: Counts = {};
  for (const file of files) {
    const n = codeOf(read(file)).filter((line) => pattern.test(line)).length;
    if (n > 0) counts[file] = n;
  }
  return counts;
}

/** What exceeds the allowlist, and what the allowlist grants beyond what is there (to be lowered). */
export function compare(found: Counts, allowed: Counts) {
  const over = Object.entries(found)
    .filter(([file, n]) => n > (allowed[file] ?? 0))
    .map(([file, n]) => `${file}: ${n} (allowed ${allowed[file] ?? 0})`);
  const stale = Object.entries(allowed)
    .filter(([file, n]) => (found[file] ?? 0) < n)
    .map(([file, n]) => `${file}: allowed ${n}, found ${found[file] ?? 0}`);
  return { over, stale };
}

export const serverFiles = () => sourceFiles(SERVER);
export const moduleFiles = () => serverFiles().filter((f) => f.startsWith(`${SERVER}/modules/`));

/** Modules whose circles a rule finds, as `a ⇄ b ⇄ c`. */
export const moduleCircles = () =>
  circles(graph(serverFiles(), (f) => (f.startsWith(`${SERVER}/modules/`) ? layerOf(f) : null))).map((c) =>
    c.join(' ⇄ '),
  );

/** The schema's files in circles. */
export const schemaCircles = () =>
  circles(
    graph(
      serverFiles().filter((f) => f.startsWith(`${SERVER}/db/schema/`)),
      (f) => (f.startsWith(`${SERVER}/db/schema/`) && !f.endsWith('index.ts') ? f : null),
    ),
  ).map((c) => c.join(' ⇄ '));

/**
 * Imports from lib/ and db/ of a module, realtime, the demo's seed or the server's wiring (its
 * configuration's type excepted): the layers below the modules know none of them. The seed builds
 * its data through the modules' commands: it is above them (seed/), not in db/.
 */
export function lowerLayersReaching(): string[] {
  const reaching: string[] = [];
  for (const file of serverFiles().filter((f) => ['lib', 'db'].includes(layerOf(f)))) {
    for (const target of importsOf(file, read(file))) {
      const layer = layerOf(target);
      if (target === `${SERVER}/config.ts`) continue;
      if (['root', 'realtime', 'seed'].includes(layer) || layer.startsWith('modules/')) {
        reaching.push(`${file} → ${target}`);
      }
    }
  }
  return reaching;
}

/** Imports of a file of the web app's app/ from its features. */
export function featuresReachingApp(): string[] {
  const reaching: string[] = [];
  for (const file of sourceFiles(`${WEB}/features`)) {
    for (const target of importsOf(file, read(file))) {
      if (target.startsWith(`${WEB}/app/`)) reaching.push(`${file} → ${target}`);
    }
  }
  return reaching;
}

export const WALL_CLOCK = /new Date\(\)|Date\.now\(\)/;
export const RAW_HANDLE = /\bctx\.tx\b|\btx: Tx\b|\bDbOrTx\b|\brunTransaction\(/;

/** Server files over 600 lines and web screens (`.tsx`) over 400, with their lengths. */
export function longFiles(): Counts {
  const lines = (f: string) => read(f).split('\n').length;
  const found: Counts = {};
  for (const f of serverFiles()) if (lines(f) > 600) found[f] = lines(f);
  for (const f of sourceFiles(WEB)) if (f.endsWith('.tsx') && lines(f) > 400) found[f] = lines(f);
  return found;
}

/** The text between the parenthesis at `open` and its match. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[' || c === '<') depth += 1;
    else if (c === ')' || c === '}' || c === ']' || (c === '>' && text[i - 1] !== '=')) {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return text.slice(open + 1);
}

/** Splits a parameter list at its top-level commas (types may hold commas of their own). */
export function parametersOf(list: string): string[] {
  const params: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i]!;
    if ('({[<'.includes(c)) depth += 1;
    else if (')}]'.includes(c) || (c === '>' && list[i - 1] !== '=')) depth -= 1;
    if (c === ',' && depth === 0) {
      params.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) params.push(current.trim());
  return params;
}

/** The exported functions of a file that take a command's context first: their names and parameters. */
export function contextFunctions(text: string): { name: string; params: string[] }[] {
  const found: { name: string; params: string[] }[] = [];
  const starts = [
    ...text.matchAll(/export\s+(?:async\s+)?function\s+(\w+)\s*(?:<[^(]*>)?\s*\(/g),
    ...text.matchAll(/export\s+const\s+(\w+)(?:\s*:\s*[^=]+)?=\s*(?:async\s*)?(?:<[^(]*>)?\s*\(/g),
  ];
  for (const m of starts) {
    const open = m.index! + m[0].length - 1;
    const params = parametersOf(balanced(text, open));
    if (params[0] && /^ctx\b/.test(params[0])) found.push({ name: m[1]!, params });
  }
  return found;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * The commands a module's file runs: through the runner (`runCommand(deps, auth, command, input)`)
 * and through a resource's routes (`resourceRoutes` of lib/routes.ts: `create: { body, command: createThing }`).
 */
export function commandsRun(text: string): string[] {
  const run = text.matchAll(/runCommand(?:<[^(]*>)?\(\s*[\w.]+\s*,\s*[^,]+,\s*(\w+)\s*,/g);
  const declared = text.matchAll(/\bcommand:\s*(\w+)\s*[,}]/g);
  return [...run, ...declared].map((m) => m[1]!);
}

/**
 * The shape of commands: every exported function of a module that takes a command's context takes
 * `(ctx, input)` (its ids inside `input`); every command a route runs (`runCommand(deps, auth,
 * command, input)`) is the one such function of a file named after it (`sellMembership`:
 * `sell-membership.ts`). Answers what bends it, and the commands found in that shape.
 */
export function commandShape(): { bends: string[]; commands: string[] } {
  const bends: string[] = [];
  const commands = new Set<string>();
  const byName = new Map<string, string>();
  for (const file of moduleFiles()) {
    const fns = contextFunctions(read(file));
    for (const fn of fns) {
      byName.set(fn.name, file);
      if (fn.params.length > 2) bends.push(`${file}: ${fn.name} takes ${fn.params.length} parameters`);
    }
  }
  for (const file of moduleFiles()) {
    for (const name of commandsRun(read(file))) {
      const home = byName.get(name);
      if (!home) {
        bends.push(`${file}: runs ${name}, which is no exported (ctx, input) function of a module`);
        continue;
      }
      const own = contextFunctions(read(home));
      if (!home.endsWith(`/${kebab(name)}.ts`)) bends.push(`${home}: the command ${name} is not in ${kebab(name)}.ts`);
      else if (own.length > 1)
        bends.push(`${home}: holds ${own.length} commands (${own.map((f) => f.name).join(', ')})`);
      else commands.add(name);
    }
  }
  return { bends: [...new Set(bends)].sort(), commands: [...commands].sort() };
}

/** More rows than this in one statement is a long read (a screen's list or report shows fewer). */
export const LONG_READ_ROWS = 5_000;

/**
 * Long reads: what grows with an organisation's history (exports, reports) is read in chunks
 * through `lib/long-read.ts` (`keyset`, `byOffset`), which paces them, runs them in a place and
 * sends files (`sendExport`). Answers what a module's file does instead: a pager of its own
 * (`function*`), a statement capped above `LONG_READ_ROWS` rows, rows handed to `fixedRows` from a
 * read (`fixedRows(await …)`), a file written with ExcelJS or Papa Parse (but for the import's file
 * reader and the tests' fixtures), and a report (a file named `*report*` or under `modules/reports/`) that reads the
 * database without `lib/long-read.ts`.
 */
export function longReadBendsIn(file: string, text: string): string[] {
  const bends: string[] = [];
  const code = codeOf(text);
  code.forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    if (/\bfunction\s*\*|\*\s*\[Symbol\.asyncIterator\]/.test(line))
      bends.push(`${at}: pages of its own (read through keyset() or byOffset() of lib/long-read.ts)`);
    for (const m of line.matchAll(/\.limit\(\s*([\d_]+)\s*\)/g)) {
      const n = Number(m[1]!.replaceAll('_', ''));
      if (n > LONG_READ_ROWS)
        bends.push(`${at}: one statement of up to ${n} rows (read it in chunks through lib/long-read.ts)`);
    }
    if (/\bfixedRows\(\s*await\b/.test(line))
      bends.push(`${at}: fixedRows() of a read (read it through keyset() or byOffset())`);
  });
  const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  // The import's file reader reads files; a tests' fixture (`*-fixtures.ts`) writes the files they upload.
  const reader = file.endsWith('/modules/imports/read-file.ts') || file.endsWith('-fixtures.ts');
  if (imports.some((i) => i === 'exceljs' || i === 'papaparse') && !reader)
    bends.push(`${file}: writes a file itself (send it with sendExport of lib/table-export.ts)`);
  const report = /report[^/]*\.ts$/i.test(file) || file.includes('/modules/reports/');
  const readsDatabase =
    imports.some((i) => /\/db\/(schema|client)/.test(i)) || /\bdb\s*\.\s*(select|execute)\(/.test(text);
  if (report && readsDatabase && !importsOf(file, text).includes(`${SERVER}/lib/long-read.ts`))
    bends.push(`${file}: a report that reads the database without lib/long-read.ts`);
  return bends;
}

export const longReadBends = () => moduleFiles().flatMap((file) => longReadBendsIn(file, read(file)));

/** Everything the rules find, in the allowlist's shape. */
export function snapshot() {
  return {
    moduleCircles: moduleCircles(),
    schemaCircles: schemaCircles(),
    lowerLayersReaching: lowerLayersReaching(),
    featuresReachingApp: featuresReachingApp(),
    wallClock: countPerFile(moduleFiles(), WALL_CLOCK),
    rawHandle: countPerFile(moduleFiles(), RAW_HANDLE),
    longFiles: longFiles(),
    commandShape: commandShape().bends,
    longReads: longReadBends(),
  };
}

if (process.argv[1] === import.meta.filename) console.log(JSON.stringify(snapshot(), null, 2));
