/**
 * Issue 32, item 1: exports are long reads (lib/long-read.ts). Read in chunks they send the same
 * file; an organisation runs a few at a time, the next wait their turn, one more is refused with a
 * translated 429; a place comes back when a download ends or is abandoned. (The door's latency
 * beside four exports of 50,000 members is a load test: `export-isolation.load.ts`.)
 */

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LongReadLimits, LongReads, type ReadPace } from '../../lib/long-read.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext;
let big: TestOrganisation;
let other: TestOrganisation;
let bigAdmin: { authorization: string };
let otherAdmin: { authorization: string };
let baseUrl: string;
const MEMBERS = 240;

const usual = () => ctx.deps.longReads;
const withReads = (limits: Partial<LongReadLimits>, pace?: ReadPace) => {
  ctx.deps.longReads = new LongReads(
    ctx.database.kind,
    { perOrganisation: 2, total: 4, waitingPerOrganisation: 4, maxWaitMs: 60_000, ...limits },
    pace,
  );
  return ctx.deps.longReads;
};

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  big = await ctx.newOrganisation();
  other = await ctx.newOrganisation();
  bigAdmin = ctx.bearer(await (await big.newUser({ role: 'admin' })).login());
  otherAdmin = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
  await ctx.database.db.execute(sql`
    insert into members (organisation_id, home_center_id, code, first_name, last_name, chinese_name, phone, phone_digits,
      email, status, search_text, created_at)
    select ${big.id}, ${big.centers[0]!.id}, ${big.initial} || lpad(g::text, 4, '0'), 'First' || g, 'Last' || g,
      case when g % 5 = 0 then '陳大文' end, '+8526' || lpad(g::text, 7, '0'), '8526' || lpad(g::text, 7, '0'),
      case when g % 3 = 0 then '=cmd' || g || '@example.test' end, 'active', 'first' || g,
      timestamptz '2024-01-01 00:00:00+00' + (g / 4) * interval '1 minute'
    from generate_series(1, ${MEMBERS}) g`);
  await ctx.database.db.execute(sql`
    insert into cards (organisation_id, number, member_id)
    select organisation_id, 'X' || code, id from members where organisation_id = ${big.id}`);
  await other.newMember({ firstName: 'Only', lastName: 'One' });
});
afterAll(async () => {
  // The aborted download leaves the test's fetch client a connection it opened and never used:
  // the server would wait for it until its headers time-out.
  ctx?.app.server.closeAllConnections();
  await ctx?.close();
});

const exportOf = (who: { authorization: string }, format: 'csv' | 'xlsx', signal?: AbortSignal) =>
  fetch(`${baseUrl}/api/v1/pro/students/export?format=${format}`, { headers: who, signal });

async function sheetRows(body: ArrayBuffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('an export read in chunks', () => {
  it('sends the same CSV, and an XLSX of the same rows, in chunks of two rows as at the usual pace', async () => {
    const original = usual();
    try {
      const csv = await (await exportOf(bigAdmin, 'csv')).text();
      const xlsx = await (await exportOf(bigAdmin, 'xlsx')).arrayBuffer();
      // Two rows a chunk, however fast: many chunks, several members sharing a join time at their edges.
      withReads({}, { firstRows: 2, maxRows: 2, chunkMs: 1, pauseMs: 0 });
      const csvInChunks = await (await exportOf(bigAdmin, 'csv')).text();
      const xlsxInChunks = await (await exportOf(bigAdmin, 'xlsx')).arrayBuffer();
      expect(csvInChunks).toBe(csv);
      const lines = csv.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(MEMBERS + 1);
      expect(new Set(lines).size).toBe(MEMBERS + 1);

      const rows = await sheetRows(xlsx);
      expect(await sheetRows(xlsxInChunks)).toEqual(rows);
      expect(rows).toHaveLength(MEMBERS + 1);
      const header = rows[0]!;
      expect(header.slice(0, 3)).toEqual(['Code', 'First name', 'Last name']);
      // The newest member first; the CSV's second line holds the same values.
      const first = Object.fromEntries(header.map((h, i) => [h, rows[1]![i]]));
      const newest = `${big.initial}0${MEMBERS}`;
      expect(first).toMatchObject({
        Code: newest,
        'First name': `First${MEMBERS}`,
        'Chinese name': '陳大文',
        Phone: '+852 6000 0240',
        'E-mail': `'=cmd${MEMBERS}@example.test`,
        Card: `X${newest}`,
        Status: 'active',
        'Home centre': 'A',
      });
      expect(lines[1]!.startsWith(`${newest},First${MEMBERS},Last${MEMBERS},陳大文,`)).toBe(true);
    } finally {
      ctx.deps.longReads = original;
    }
  });
});

describe('places of exports', () => {
  it('runs an organisation’s exports a few at a time: the next waits its turn, one more is refused with 429 exports_busy', async () => {
    const original = usual();
    try {
      const reads = withReads({ perOrganisation: 1, waitingPerOrganisation: 1 });
      // Another export of the organisation is running.
      const running = await reads.enter(big.id);
      const waiting = exportOf(bigAdmin, 'csv');
      await expect.poll(() => reads.waitingNow(big.id)).toBe(1);
      const refused = await exportOf(bigAdmin, 'xlsx');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: 'exports_busy', retryAfterSeconds: 60 });
      // Another organisation's export is not held up.
      const theirs = await exportOf(otherAdmin, 'csv');
      expect(theirs.status).toBe(200);
      expect((await theirs.text()).split('\r\n').filter(Boolean)).toHaveLength(2);
      // The running export ends: the waiting one is sent whole, and its place comes back.
      running.leave();
      const sent = await waiting;
      expect(sent.status).toBe(200);
      expect((await sent.text()).split('\r\n').filter(Boolean)).toHaveLength(MEMBERS + 1);
      await expect.poll(() => reads.runningNow()).toBe(0);
    } finally {
      ctx.deps.longReads = original;
    }
  });

  it('a download abandoned half way gives its place back, one abandoned while it waits leaves the queue', async () => {
    const original = usual();
    try {
      const reads = withReads(
        { perOrganisation: 1, waitingPerOrganisation: 1 },
        {
          firstRows: 2,
          maxRows: 2,
          chunkMs: 1,
          pauseMs: 20,
        },
      );
      const stop = new AbortController();
      const res = await exportOf(bigAdmin, 'xlsx', stop.signal);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      expect(reads.runningNow(big.id)).toBe(1);
      stop.abort();
      await expect.poll(() => reads.runningNow(big.id)).toBe(0);
      // A download abandoned while it waited for a place leaves the queue.
      const held = await reads.enter(big.id);
      const gaveUp = new AbortController();
      const waiting = exportOf(bigAdmin, 'csv', gaveUp.signal).catch((e: unknown) => e);
      await expect.poll(() => reads.waitingNow(big.id)).toBe(1);
      gaveUp.abort();
      await expect.poll(() => reads.waitingNow(big.id)).toBe(0);
      expect(await waiting).toBeInstanceOf(Error);
      held.leave();
      const next = await exportOf(bigAdmin, 'csv');
      expect(next.status).toBe(200);
      expect((await next.text()).split('\r\n').filter(Boolean)).toHaveLength(MEMBERS + 1);
    } finally {
      ctx.deps.longReads = original;
    }
  });
});
