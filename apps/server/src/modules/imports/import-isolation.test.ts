/**
 * Issue 7, defect 2: a failed or abandoned import leaves nothing, and a zip bomb is refused before
 * it is expanded. (The 20,000-row import beside another organisation's reads is a load test:
 * `import-isolation.load.ts`.)
 */
import { deflateRawSync } from 'node:zlib';
import { IMPORT_MAX_EXPANDED_BYTES } from '@gym/contract/imports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/db-snapshot.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { sweepAbandonedImports } from './commit-import.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: string }>(await ctx.database.db.execute(query))[0]!.n);
}

async function adminOf() {
  const o = await ctx.newOrganisation();
  return { o, headers: ctx.bearer(await (await o.newUser({ role: 'admin' })).login()) };
}

describe('a failed or abandoned import leaves nothing', () => {
  it('rows of an import whose process died are hidden, then removed at start-up with their cards', async () => {
    const { o, headers } = await adminOf();
    const seq = await count(sql`select member_seq::text as n from organisations where id = ${o.id}`);
    // What a process that died after two batches leaves behind: a running import and its rows.
    const importId = crypto.randomUUID();
    await ctx.database.db.execute(sql`insert into member_imports (id, organisation_id, file_name, total, seq_before, seq_after, heartbeat_at)
      values (${importId}, ${o.id}, 'dead.csv', 3, ${seq}, ${seq + 3}, now() - interval '1 hour')`);
    await ctx.database.db.execute(sql`update organisations set member_seq = member_seq + 3 where id = ${o.id}`);
    for (let i = 0; i < 3; i++) {
      const id = crypto.randomUUID();
      await ctx.database.db.execute(sql`insert into members (id, organisation_id, home_center_id, code, first_name, last_name, phone, search_text, import_id)
        values (${id}, ${o.id}, ${o.centers[0]!.id}, ${`DEAD${i}`}, 'Ghost', 'Row', '91234567', 'ghost row', ${importId})`);
      await ctx.database.db.execute(
        sql`insert into cards (organisation_id, number, member_id) values (${o.id}, ${`DEADCARD${i}`}, ${id})`,
      );
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/students?keyword=ghost', headers });
    expect(list.json().total).toBe(0);
    expect(await sweepAbandonedImports(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::text as n from members where organisation_id = ${o.id}`)).toBe(0);
    expect(await count(sql`select count(*)::text as n from cards where organisation_id = ${o.id}`)).toBe(0);
    expect(
      await count(sql`select count(*)::text as n from member_imports where id = ${importId} and status = 'failed'`),
    ).toBe(1);
    // Nobody drew a code after it: its three numbers are given back.
    expect(await count(sql`select member_seq::text as n from organisations where id = ${o.id}`)).toBe(seq);
  });
});

/** A zip archive of the given entries; `declare` overrides the expanded size written in the headers. */
function zipOf(entries: { name: string; data: Buffer; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data, { level: 9 });
    const name = Buffer.from(e.name);
    const size = e.declare ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A sheet of one repeated row, `bytes` long: compresses about a thousand to one. */
function hugeSheet(bytes: number): Buffer {
  const row = '<row><c t="inlineStr"><is><t>Chan Tai Man 91234567 chan@example.com</t></is></c></row>';
  const head =
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  return Buffer.from(`${head + row.repeat(Math.ceil(bytes / row.length))}</sheetData></worksheet>`);
}

describe('zip bombs', () => {
  const sheetBytes = IMPORT_MAX_EXPANDED_BYTES + 16 * 1024 * 1024;

  async function send(data: Buffer, headers: { authorization: string }, centerId: string) {
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/imports/members/preview',
      headers,
      payload: { fileName: 'bomb.xlsx', format: 'xlsx', data: data.toString('base64'), defaultCenterId: centerId },
    });
    return { res, ms: performance.now() - t0, grewMb: (process.memoryUsage().rss - before) / 1024 / 1024 };
  }

  it('refuses an XLSX that declares more than the expanded limit before expanding it (413, names the file)', async () => {
    const { o, headers } = await adminOf();
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: hugeSheet(sheetBytes) },
    ]);
    const { res, ms, grewMb } = await send(bomb, headers, o.centers[0]!.id);
    console.log(
      `[${ctx.database.kind}] zip bomb ${(bomb.length / 1024).toFixed(0)} KB -> ${(sheetBytes / 1024 / 1024).toFixed(0)} MB: ${res.statusCode} in ${ms.toFixed(0)} ms, rss +${grewMb.toFixed(0)} MB`,
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toContain('bomb.xlsx');
    expect(res.json().fields[0]).toMatchObject({ path: 'data', code: 'file_expands_too_much' });
    // Refused while reading, not after inflating it: memory stays flat (the time is printed, not asserted).
    expect(grewMb).toBeLessThan(150);
  });

  it('refuses an XLSX whose headers lie about the expanded size, while expanding it', async () => {
    const { o, headers } = await adminOf();
    const liar = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: hugeSheet(sheetBytes), declare: 4096 },
    ]);
    const { res, ms, grewMb } = await send(liar, headers, o.centers[0]!.id);
    console.log(
      `[${ctx.database.kind}] lying zip: ${res.statusCode} in ${ms.toFixed(0)} ms, rss +${grewMb.toFixed(0)} MB`,
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().fields[0]).toMatchObject({ path: 'data', code: 'file_expands_too_much' });
    expect(grewMb).toBeLessThan(150);
  });
});
