/**
 * The reader ingest: `POST /pro/readers/{sn}/scans`, authenticated by the reader's secret, rate
 * limited per reader, idempotent on the scan id, publishing the card-reader event to the browsers
 * of the reader's centre only (through the outbox, after the commit).
 */
import { scanEventSchema } from '@gym/contract/entries';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerScans, readers } from '../../db/schema/index.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { readerIngestStats } from './routes.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;
const published: DomainEvents['realtime.reader'][] = [];

beforeAll(async () => {
  // A slow refill and a burst of 30: the rate limit test reaches it, the others never do.
  ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation({
    READER_SCANS_PER_SECOND: '0.1',
    READER_SCAN_BURST: '30',
  }));
  ctx.deps.events.subscribe('realtime.reader', (e) => published.push(e));
});
afterAll(() => ctx?.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

async function newReader(
  headers = manager,
  centerId = centerA,
  sn = unique('SN'),
): Promise<{ id: string; sn: string; secret: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pro/readers',
    headers,
    payload: { centerId, name: 'Front door', sn },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { reader, secret } = res.json() as { reader: { id: string; sn: string }; secret: string };
  return { id: reader.id, sn: reader.sn, secret };
}

const scan = (sn: string, secret: string | undefined, body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pro/readers/${encodeURIComponent(sn)}/scans`,
    headers: secret === undefined ? {} : { 'x-reader-secret': secret },
    payload: body,
    remoteAddress,
  });

const scanBody = (over: Record<string, unknown> = {}) => ({
  scanId: unique('scan'),
  card: '0001234567',
  at: '2026-03-02T09:15:00+08:00',
  ...over,
});

/** Delivers what the outbox holds, then answers the card-reader events published for `readerSn`. */
async function eventsOf(readerSn: string) {
  await ctx.deps.outbox.drain();
  return published.filter((e) => (e.payload as { reader?: string }).reader === readerSn);
}
const rowsOf = (readerId: string) =>
  ctx.database.db.select().from(readerScans).where(eq(readerScans.readerId, readerId));

/**
 * Scans with the reader's secret until this server holds the reader in memory (a reader change
 * makes the server read readers from the database for a few seconds): as a door's reader is held.
 */
async function heldInMemory(r: { sn: string; secret: string }, remoteAddress: string) {
  const end = Date.now() + 15_000;
  for (;;) {
    expect((await scan(r.sn, r.secret, scanBody(), remoteAddress)).statusCode).toBe(200);
    if (ctx.deps.sessions.cachedReader(r.sn) !== undefined) return;
    if (Date.now() > end) throw new Error('the reader was never held in memory');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a reader’s scan', () => {
  it('is stored and published as the card-reader event to the browsers at the reader’s centre that own it', async () => {
    const r = await newReader(manager, centerB);
    const body = scanBody();
    const res = await scan(r.sn, r.secret, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ scanId: body.scanId, accepted: true });

    const events = await eventsOf(r.sn);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ organisationId: org.id, centerId: centerB, sn: r.sn });
    const message = scanEventSchema.parse(event!.payload);
    expect(message).toMatchObject({
      center_id: centerB,
      action: 'scan',
      reader: r.sn,
      card: '0001234567',
      scan_id: body.scanId,
      at: '2026-03-02T01:15:00.000Z',
    });
    const rows = await rowsOf(r.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ organisationId: org.id, centerId: centerB, scanId: body.scanId });
    expect(rows[0]!.tappedAt.toISOString()).toBe('2026-03-02T01:15:00.000Z');
    const [reader] = await ctx.database.db.select().from(readers).where(eq(readers.id, r.id));
    expect(reader!.lastSeenAt).not.toBeNull();
  });

  it('retried with the same scan id is the same scan: accepted false, nothing published again', async () => {
    const r = await newReader();
    const body = scanBody();
    expect((await scan(r.sn, r.secret, body)).json()).toEqual({ scanId: body.scanId, accepted: true });
    expect(await eventsOf(r.sn)).toHaveLength(1);
    const again = await scan(r.sn, r.secret, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ scanId: body.scanId, accepted: false });
    expect(await eventsOf(r.sn)).toHaveLength(1);
    expect(await rowsOf(r.id)).toHaveLength(1);
    // The same scan id from another reader is another scan.
    const other = await newReader();
    expect((await scan(other.sn, other.secret, body)).json().accepted).toBe(true);
  });

  it('20 identical scans at once: one row, one event, one accepted', async () => {
    const r = await newReader();
    const body = scanBody();
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(r.sn, r.secret, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().accepted === true)).toHaveLength(1);
    expect(await rowsOf(r.id)).toHaveLength(1);
    expect(await eventsOf(r.sn)).toHaveLength(1);
  });

  it('with a wrong or missing secret is refused 401, counted, and stores and publishes nothing', async () => {
    const r = await newReader();
    const stats = readerIngestStats(ctx.deps);
    const before = stats.unauthenticated;
    for (const secret of [`${r.secret}x`, undefined, '', 'x'.repeat(43)]) {
      const res = await scan(r.sn, secret, scanBody());
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('reader_unauthenticated');
      expect(res.body).not.toContain(r.secret);
    }
    // An unknown serial number is the same refusal.
    expect((await scan('NO-SUCH-READER', r.secret, scanBody())).json().error).toBe('reader_unauthenticated');
    expect(stats.unauthenticated - before).toBe(5);
    expect(await rowsOf(r.id)).toHaveLength(0);
    expect(await eventsOf(r.sn)).toHaveLength(0);
    const [reader] = await ctx.database.db.select().from(readers).where(eq(readers.id, r.id));
    expect(reader!.lastSeenAt).toBeNull();
  });

  it('from a deactivated or deleted reader is refused', async () => {
    const off = await newReader();
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/pro/readers/${off.id}`,
      headers: manager,
      payload: { active: false },
    });
    expect((await scan(off.sn, off.secret, scanBody())).statusCode).toBe(401);
    const gone = await newReader();
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/pro/readers/${gone.id}`, headers: manager });
    expect((await scan(gone.sn, gone.secret, scanBody())).statusCode).toBe(401);
    expect([...(await rowsOf(off.id)), ...(await rowsOf(gone.id))]).toHaveLength(0);
  });

  it('from a reader that scanned a moment ago is refused at once when its secret is rotated or it is deactivated', async () => {
    const r = await newReader();
    // The reader is known to this server now (its lookup is kept for the next scans).
    expect((await scan(r.sn, r.secret, scanBody())).statusCode).toBe(200);
    expect((await scan(r.sn, r.secret, scanBody())).statusCode).toBe(200);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro/readers/${r.id}/rotate-secret`,
      headers: manager,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    expect((await scan(r.sn, r.secret, scanBody())).statusCode).toBe(401);
    expect((await scan(r.sn, fresh, scanBody())).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/pro/readers/${r.id}`,
      headers: manager,
      payload: { active: false },
    });
    expect((await scan(r.sn, fresh, scanBody())).statusCode).toBe(401);
  });

  it('from a reader that scanned a moment ago is refused at once when its centre closes, and heard again when it opens', async () => {
    const other = await ctx.newOrganisation();
    const admin = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
    const centre = other.centers[1]!.id;
    const r = await newReader(admin, centre);
    expect((await scan(r.sn, r.secret, scanBody())).statusCode).toBe(200);
    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro/centers/${centre}/deactivate`,
      headers: admin,
    });
    expect(close.statusCode, close.body).toBe(200);
    expect((await scan(r.sn, r.secret, scanBody())).statusCode).toBe(401);
    await ctx.app.inject({ method: 'POST', url: `/api/v1/pro/centers/${centre}/activate`, headers: admin });
    expect((await scan(r.sn, r.secret, scanBody())).statusCode).toBe(200);
  });

  it('names its reader by serial number and secret: another organisation’s reader with the same sn is another reader', async () => {
    const mine = await newReader();
    const other = await ctx.newOrganisation();
    const otherAdmin = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
    const theirs = await newReader(otherAdmin, other.centers[1]!.id, mine.sn);
    expect(theirs.sn).toBe(mine.sn);

    const body = scanBody();
    expect((await scan(mine.sn, theirs.secret, body)).json()).toEqual({ scanId: body.scanId, accepted: true });
    expect(await rowsOf(mine.id)).toHaveLength(0);
    const rows = await rowsOf(theirs.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ organisationId: other.id, centerId: other.centers[1]!.id });
    const events = await eventsOf(mine.sn);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ organisationId: other.id, centerId: other.centers[1]!.id });

    // And the first organisation's secret reaches the first organisation's reader.
    expect((await scan(mine.sn, mine.secret, scanBody())).json().accepted).toBe(true);
    expect(await rowsOf(mine.id)).toHaveLength(1);
    expect((await rowsOf(mine.id))[0]!.organisationId).toBe(org.id);
  });

  it('past the reader’s rate is refused 429 with the wait; other readers are not held back', async () => {
    const r = await newReader();
    const stats = readerIngestStats(ctx.deps);
    const before = stats.rateLimited;
    for (let i = 0; i < 30; i++) expect((await scan(r.sn, r.secret, scanBody())).statusCode).toBe(200);
    const refused = await scan(r.sn, r.secret, scanBody());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(stats.rateLimited - before).toBe(1);
    expect(await rowsOf(r.id)).toHaveLength(30);
    const other = await newReader();
    expect((await scan(other.sn, other.secret, scanBody())).statusCode).toBe(200);
  });

  it('wrong secrets from one address are limited per serial number (429, unchecked), and the reader with its secret is not slowed', async () => {
    const r = await newReader();
    await heldInMemory(r, '10.9.0.2');
    const stats = readerIngestStats(ctx.deps);
    const checked = stats.unauthenticated;
    // 600 guesses from one address, 50 at a time: the first 10 are checked and refused 401, the rest 429.
    const codes: number[] = [];
    for (let round = 0; round < 12; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => scan(r.sn, `guess-${round}-${i}`, scanBody(), '10.9.0.1')),
      );
      codes.push(...answers.map((a) => a.statusCode));
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(590);
    // Only the 10 were looked up and written to the log as refused secrets.
    expect(stats.unauthenticated - checked).toBe(10);
    const limited = await scan(r.sn, 'one more guess', scanBody(), '10.9.0.1');
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The reader with its secret gets in at once, from its own address and even from the guessing one.
    expect((await scan(r.sn, r.secret, scanBody(), '10.9.0.2')).statusCode).toBe(200);
    expect((await scan(r.sn, r.secret, scanBody(), '10.9.0.1')).statusCode).toBe(200);
    // Other serial numbers from the same address are still checked, up to the address's own limit.
    const other = await newReader();
    expect((await scan(other.sn, 'wrong', scanBody(), '10.9.0.1')).statusCode).toBe(401);
  });

  it('wrong secrets from one address across many serial numbers are limited for the address; its other readers are still heard', async () => {
    // A gym's readers behind one address, one of them sending a retired secret.
    const r = await newReader();
    await heldInMemory(r, '10.9.1.1');
    const codes: number[] = [];
    for (let i = 0; i < 80; i++) codes.push((await scan(`GUESS-SN-${i}`, 'wrong', scanBody(), '10.9.1.1')).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 401)).toBe(true);
    expect(codes.slice(60).every((c) => c === 429)).toBe(true);
    // A reader whose secret is right is still heard from that address.
    expect((await scan(r.sn, r.secret, scanBody(), '10.9.1.1')).statusCode).toBe(200);
    expect((await scan(r.sn, r.secret, scanBody(), '10.9.1.2')).statusCode).toBe(200);
  });

  it('with bad input answers 400 naming each wrong field, and stores nothing', async () => {
    const r = await newReader();
    const res = await scan(r.sn, r.secret, { scanId: 'no spaces!', card: '', at: 'yesterday', extra: 1 });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['scanId', 'card', 'at', 'extra']));
    const missing = await scan(r.sn, r.secret, { card: '0001234567' });
    expect(missing.statusCode).toBe(400);
    expect((missing.json().fields as { path: string }[]).map((f) => f.path)).toEqual(
      expect.arrayContaining(['scanId', 'at']),
    );
    expect(await rowsOf(r.id)).toHaveLength(0);
    expect(await eventsOf(r.sn)).toHaveLength(0);
  });
});
