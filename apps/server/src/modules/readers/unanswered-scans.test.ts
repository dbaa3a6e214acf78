/**
 * `GET /pro/readers/{sn}/unanswered-scans?centerId=`: what a reader's browser asks for when its socket
 * connects again. The reader's recent scans that recorded no entry (or clocking) yet, oldest first;
 * not those answered, not those of long ago, not another centre's reader; the reader's centre is not
 * found for a desk that does not work there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;
let desk: Headers;
let reader: { sn: string; secret: string };

beforeAll(async () => {
  ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation());
  desk = await org.signIn('frontdesk', [centerA]);
  const res = await ctx.pro('POST', '/readers', manager, { centerId: centerA, name: 'Front door', sn: 'CATCHUP-1' });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { reader: { sn: string }; secret: string };
  reader = { sn: created.reader.sn, secret: created.secret };
});
afterAll(() => ctx?.close());

const scan = async (scanId: string, card: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pro/readers/${reader.sn}/scans`,
    headers: { 'x-reader-secret': reader.secret },
    payload: { scanId, card, at: new Date().toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const unanswered = async (headers: Headers, centerId = centerA, sn = reader.sn) => {
  const res = await ctx.pro('GET', `/readers/${sn}/unanswered-scans?centerId=${centerId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { scanId: string; card: string; at: string }[] }).items;
};

describe('unanswered scans', () => {
  it('lists the reader’s scans with no entry yet, oldest first, and drops one once its entry is recorded', async () => {
    const member = await org.newMember({ cardNumber: '0007770001' });
    expect(member.id).toBeTruthy();
    await scan('catchup-scan-1', '0007770001');
    await scan('catchup-scan-2', '0007770001');
    await scan('catchup-scan-3', '0009990009');
    expect((await unanswered(desk)).map((s) => [s.scanId, s.card])).toEqual([
      ['catchup-scan-1', '0007770001'],
      ['catchup-scan-2', '0007770001'],
      ['catchup-scan-3', '0009990009'],
    ]);
    // The browser acts on the first one (a member's entry) and the third (a card nobody holds: refused, recorded).
    for (const [scanId, card] of [
      ['catchup-scan-1', '0007770001'],
      ['catchup-scan-3', '0009990009'],
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/pro/card/${card}/entry/`,
        headers: { ...desk, 'idempotency-key': scanId! },
        payload: { center_id: centerA, sn: reader.sn, scan_id: scanId, source: 'reader' },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    expect((await unanswered(desk)).map((s) => s.scanId)).toEqual(['catchup-scan-2']);
  });

  it('leaves out scans of long ago: a browser back after a day does not let in yesterday’s taps', async () => {
    await scan('catchup-old-1', '0007770001');
    await ctx.database.db.execute(
      sql`update reader_scans set received_at = now() - interval '11 minutes' where scan_id = 'catchup-old-1'`,
    );
    expect((await unanswered(desk)).map((s) => s.scanId)).not.toContain('catchup-old-1');
  });

  it('does not find the centre for a desk of another centre; has nothing at another centre, nor for a reader it does not know', async () => {
    const deskB = await org.signIn('frontdesk', [centerB]);
    const res = await ctx.pro('GET', `/readers/${reader.sn}/unanswered-scans?centerId=${centerA}`, deskB);
    expect(res.statusCode).toBe(404);
    expect(await unanswered(deskB, centerB)).toEqual([]);
    expect(await unanswered(manager, centerB)).toEqual([]);
    expect(await unanswered(manager, centerA, 'NO-SUCH-READER')).toEqual([]);
    expect((await unanswered(manager)).map((s) => s.scanId)).toEqual(['catchup-scan-2']);
  });

  it('refuses a malformed centre, and a caller not signed in', async () => {
    const res = await ctx.pro('GET', `/readers/${reader.sn}/unanswered-scans?centerId=nope`, desk);
    expect(res.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/pro/readers/${reader.sn}/unanswered-scans?centerId=${centerA}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
