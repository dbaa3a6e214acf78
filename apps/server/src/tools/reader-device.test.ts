/**
 * The reader simulator behaves as a door reader does: a backlog held through an outage (more taps
 * than the server lets one reader send at once) arrives whole, each tap recorded once, at the pace
 * the server's 429 and Retry-After allow.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerScans } from '../db/schema/index.ts';
import { type Headers, startWithOrganisation, type TestContext } from '../test/harness.ts';
import { ReaderDevice } from './reader-device.ts';

let ctx: TestContext, manager: Headers, centerA: string, baseUrl: string;

beforeAll(async () => {
  // A burst of 10 and 20 a second: a backlog of 60 must meet the limit.
  ({ ctx, manager, centerA } = await startWithOrganisation({ READER_SCANS_PER_SECOND: '20', READER_SCAN_BURST: '10' }));
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());

describe('ReaderDevice', () => {
  it('hands over a backlog above the reader’s rate whole: every tap recorded once, through 429s', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/readers',
      headers: manager,
      payload: { centerId: centerA, name: 'Front door', sn: 'BACKLOG-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reader, secret } = res.json() as { reader: { id: string; sn: string }; secret: string };
    const calls: number[] = [];
    const device = new ReaderDevice({ url: baseUrl, sn: reader.sn, secret, inFlight: 8, onCall: (s) => calls.push(s) });
    const taps = Array.from({ length: 60 }, (_, i) =>
      device.tap({ scanId: `backlog-${i}`, card: '0001234567', at: new Date().toISOString() }),
    );
    const answers = await Promise.all(taps);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => (a.json as { accepted?: boolean }).accepted)).toHaveLength(60);
    // The limit was met on the way, and waited out rather than dropping a tap.
    expect(calls.filter((s) => s === 429).length).toBeGreaterThan(0);
    const rows = await ctx.database.db.select().from(readerScans).where(eq(readerScans.readerId, reader.id));
    expect(new Set(rows.map((r) => r.scanId)).size).toBe(60);
    expect(rows).toHaveLength(60);
  }, 30_000);
});
