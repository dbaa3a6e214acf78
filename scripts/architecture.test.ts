/**
 * The house's shape, checked (docs/architecture.md, "Layers and rules"): what may use what, the one
 * clock, the scoped database, and the size of a file. Each rule is a scan of the source; what still
 * bends a rule is listed by name and count in `architecture-allowlist.json`, and the list may only
 * shrink: a new bend fails, and so does an entry that is no longer needed (lower it or remove it).
 */
import { describe, expect, it } from 'vitest';
import allowlist from './architecture-allowlist.json' with { type: 'json' };
import {
  circles,
  codeOf,
  commandShape,
  commandsRun,
  compare,
  contextFunctions,
  countPerFile,
  featuresReachingApp,
  importsOf,
  layerOf,
  longFiles,
  longReadBends,
  longReadBendsIn,
  lowerLayersReaching,
  moduleCircles,
  moduleFiles,
  RAW_HANDLE,
  schemaCircles,
  WALL_CLOCK,
} from './lib/architecture.ts';

describe('the scans', () => {
  it('read imports, comments and circles as the rules need', () => {
    expect(importsOf('apps/server/src/modules/a/x.ts', "import { y } from '../b/index.ts';\nimport('./z.ts')")).toEqual(
      ['apps/server/src/modules/b/index.ts', 'apps/server/src/modules/a/z.ts'],
    );
    expect(codeOf('a(); // new Date()\n/* Date.now()\n new Date() */ b();\nconst u = "http://x";')).toEqual([
      'a(); ',
      '',
      ' b();',
      'const u = "http://x";',
    ]);
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set<string>()],
    ]);
    expect(circles(edges)).toEqual([['a', 'b']]);
    expect(layerOf('apps/server/src/modules/sales/sell.ts')).toBe('modules/sales');
    expect(layerOf('apps/server/src/seed/demo.ts')).toBe('seed');
    expect(layerOf('apps/server/src/db/schema/sales.ts')).toBe('db');
  });
});

describe('layers', () => {
  it('no circle between the server’s modules', () => {
    expect(moduleCircles()).toEqual(allowlist.moduleCircles);
  });

  it('no circle between the schema’s files', () => {
    expect(schemaCircles()).toEqual(allowlist.schemaCircles);
  });

  it('lib/ and db/ (schema, migrations, client) use no module, no realtime, no seed and no server wiring', () => {
    expect(lowerLayersReaching()).toEqual(allowlist.lowerLayersReaching);
  });

  it('the web app’s features use no file of app/ (what both need is in shared/)', () => {
    expect(featuresReachingApp()).toEqual(allowlist.featuresReachingApp);
  });
});

describe('the one clock', () => {
  it('modules read the time from ctx.clock / deps.clock, never from the wall clock', () => {
    const { over, stale } = compare(countPerFile(moduleFiles(), WALL_CLOCK), allowlist.wallClock);
    expect(over, 'read the time from ctx.clock (or deps.clock)').toEqual([]);
    expect(stale, 'lower architecture-allowlist.json').toEqual([]);
  });
});

describe('the scoped database', () => {
  it('commands and queries reach tenant tables through ctx.db; the raw transaction is not used', () => {
    // No module uses it any more and none may again: no allowlist for it.
    expect(countPerFile(moduleFiles(), RAW_HANDLE), 'use ctx.db (or ctx.db.unscoped(reason))').toEqual({});
    expect(allowlist.rawHandle, 'the raw handle has no allowance').toEqual({});
  });
});

describe('commands', () => {
  it('finds a module’s context functions and their parameters', () => {
    const text = [
      'export async function sellThing(ctx: UseCaseContext, input: { a: (x: number) => void; b: Map<string, number> }) {}',
      'export const payThing: UseCase<In, Out> = async (ctx, input) => {};',
      'export function helper(db: Db, id: string) {}',
      'export async function lockThing(ctx: ActorContext, id: string, more: string) {}',
    ].join('\n');
    expect(contextFunctions(text).map((f) => [f.name, f.params.length])).toEqual([
      ['sellThing', 2],
      ['lockThing', 3],
      ['payThing', 2],
    ]);
  });

  it('finds the commands a file runs, through the runner or a resource’s routes', () => {
    const text = [
      'post(url, access, schemas, (req) => runCommand(deps, req.auth!, sellThing, { ...req.body, id: req.params.id }));',
      "resource('/things', {",
      '  create: { body: createThingRequestSchema, command: createThing },',
      '  deactivate: { command: retireThing },',
      '});',
    ].join('\n');
    expect(commandsRun(text)).toEqual(['sellThing', 'createThing', 'retireThing']);
  });

  it('every command is one (ctx, input) file run by the one runner', () => {
    expect(commandShape().bends).toEqual(allowlist.commandShape);
  });
});

describe('long reads', () => {
  it('finds a pager of its own, a statement of thousands of rows, rows in hand from a read, a file written by hand, a report beside the helper', () => {
    const file = 'apps/server/src/modules/x/queries.ts';
    const text = [
      "import ExcelJS from 'exceljs';",
      'export async function* everyRow(db: Db) {}',
      'const rows = await db.select().from(t).limit(50_000);',
      'const page = await db.select().from(t).limit(5_000); // a screen: at most 5,000',
      'const rows2 = fixedRows(await listAll(db));',
      '// db.select().from(t).limit(100000) in a comment is no read',
    ].join('\n');
    expect(longReadBendsIn(file, text)).toEqual([
      `${file}:2: pages of its own (read through keyset() or byOffset() of lib/long-read.ts)`,
      `${file}:3: one statement of up to 50000 rows (read it in chunks through lib/long-read.ts)`,
      `${file}:5: fixedRows() of a read (read it through keyset() or byOffset())`,
      `${file}: writes a file itself (send it with sendExport of lib/table-export.ts)`,
    ]);
    const report =
      "import { invoices } from '../../db/schema/index.ts';\nexport const r = (db: Db) => db.select().from(invoices);";
    expect(longReadBendsIn('apps/server/src/modules/reports/revenue.ts', report)).toEqual([
      'apps/server/src/modules/reports/revenue.ts: a report that reads the database without lib/long-read.ts',
    ]);
    expect(longReadBendsIn('apps/server/src/modules/sales/sales-report.ts', report)).toHaveLength(1);
    const paced = `import { keyset } from '../../lib/long-read.ts';\n${report}`;
    expect(longReadBendsIn('apps/server/src/modules/reports/revenue.ts', paced)).toEqual([]);
  });

  it('exports and reports read through lib/long-read.ts (chunks, a place, a pace)', () => {
    expect(longReadBends()).toEqual([]);
  });
});

describe('sizes', () => {
  it('no server file over 600 lines, no web screen over 400', () => {
    const found = longFiles();
    expect(
      Object.keys(found).filter((f) => !(f in allowlist.longFiles)),
      'split the file',
    ).toEqual([]);
    expect(
      Object.keys(allowlist.longFiles).filter((f) => !(f in found)),
      'remove from architecture-allowlist.json',
    ).toEqual([]);
  });
});
