import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, readers } from '../../db/schema/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { verifyReaderSecret } from './verify-secret.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;

beforeAll(async () => ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation()));
afterAll(() => ctx?.close());

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

let snCounter = 0;
async function reader(centerId = centerA, name = 'Front door') {
  snCounter += 1;
  const res = await req('POST', '/readers', manager, { centerId, name, sn: `SN-${snCounter}-${Date.now()}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { reader: { id: string; sn: string; lastSeenAt: string | null }; secret: string };
}

describe('card readers', () => {
  it('shows the secret once and stores only its hash', async () => {
    const { reader: r, secret } = await reader();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(r.lastSeenAt).toBeNull();
    const [row] = await ctx.database.db.select().from(readers).where(eq(readers.id, r.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    // Nowhere else: not in the list, the detail or the centre page.
    for (const url of [`/readers/${r.id}`, '/readers', `/centers/${centerA}`]) {
      const res = await req('GET', url, manager);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
      expect(res.body).toContain(r.id);
    }
  });

  it('the secret given at creation verifies a reader’s call; a wrong one does not', async () => {
    const { reader: r, secret } = await reader();
    const { db } = ctx.database;
    expect(
      await verifyReaderSecret({ db, clock: systemClock }, { centerId: centerA, sn: r.sn, secret: `${secret}x` }),
    ).toBeNull();
    expect(await verifyReaderSecret({ db, clock: systemClock }, { centerId: centerB, sn: r.sn, secret })).toBeNull();
    expect(
      await verifyReaderSecret({ db, clock: systemClock }, { centerId: 'not-a-uuid', sn: r.sn, secret }),
    ).toBeNull();
    expect((await req('GET', `/readers/${r.id}`, manager)).json().lastSeenAt).toBeNull();
    const ok = await verifyReaderSecret({ db, clock: systemClock }, { centerId: centerA, sn: r.sn, secret });
    expect(ok).toMatchObject({ id: r.id, organisationId: org.id, centerId: centerA, sn: r.sn });
    expect((await req('GET', `/readers/${r.id}`, manager)).json().lastSeenAt).not.toBeNull();
    // A deactivated reader is refused.
    await req('PATCH', `/readers/${r.id}`, manager, { active: false });
    expect(await verifyReaderSecret({ db, clock: systemClock }, { centerId: centerA, sn: r.sn, secret })).toBeNull();
  });

  it('rotating the secret retires the old one at once', async () => {
    const { reader: r, secret } = await reader();
    const res = await req('POST', `/readers/${r.id}/rotate-secret`, manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json().secret as string;
    expect(fresh).not.toBe(secret);
    const { db } = ctx.database;
    expect(await verifyReaderSecret({ db, clock: systemClock }, { centerId: centerA, sn: r.sn, secret })).toBeNull();
    expect(
      await verifyReaderSecret({ db, clock: systemClock }, { centerId: centerA, sn: r.sn, secret: fresh }),
    ).not.toBeNull();
  });

  it('a serial number belongs to one reader of the organisation until that reader is deleted', async () => {
    const { reader: r } = await reader();
    const dup = await req('POST', '/readers', manager, { centerId: centerB, name: 'Back door', sn: r.sn });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: 'sn_taken', fields: [{ path: 'sn', code: 'sn_taken' }] });
    // Another organisation may have a reader with the same serial number.
    const other = await ctx.newOrganisation();
    const otherAdmin = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
    expect(
      (await req('POST', '/readers', otherAdmin, { centerId: other.centers[0]!.id, name: 'Door', sn: r.sn }))
        .statusCode,
    ).toBe(201);

    expect((await req('DELETE', `/readers/${r.id}`, manager)).statusCode).toBe(204);
    expect((await req('GET', `/readers/${r.id}`, manager)).statusCode).toBe(404);
    const replacement = await req('POST', '/readers', manager, { centerId: centerB, name: 'Back door', sn: r.sn });
    expect(replacement.statusCode).toBe(201);
  });

  it('names the wrong fields', async () => {
    const res = await req('POST', '/readers', manager, { centerId: centerA, name: ' ', sn: 'a b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'sn', code: 'reader_sn_format' }),
        expect.objectContaining({ path: 'name' }),
      ]),
    );
  });

  it('lists readers by centre; the centre page shows its own', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const [a, b] = o.centers.map((c) => c.id) as [string, string];
    await req('POST', '/readers', h, { centerId: a, name: 'Gate 2', sn: 'GATE-2' });
    await req('POST', '/readers', h, { centerId: a, name: 'Gate 1', sn: 'GATE-1' });
    await req('POST', '/readers', h, { centerId: b, name: 'Lobby', sn: 'LOBBY-1' });
    const inA = (await req('GET', `/readers?centerId=${a}`, h)).json();
    expect(inA.items.map((r: { name: string }) => r.name)).toEqual(['Gate 1', 'Gate 2']);
    expect((await req('GET', '/readers?keyword=lobby', h)).json().items[0].center.id).toBe(b);
    const page = (await req('GET', `/centers/${a}`, h)).json();
    expect(page.readers.map((r: { sn: string }) => r.sn)).toEqual(['GATE-1', 'GATE-2']);
  });

  it('moves a reader only to a centre the caller works in', async () => {
    const { reader: r } = await reader(centerA);
    const local = ctx.bearer(await (await org.newUser({ role: 'manager', centerIds: [centerA] })).login());
    const refused = await req('PATCH', `/readers/${r.id}`, local, { centerId: centerB });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().fields[0].path).toBe('centerId');
    const moved = await req('PATCH', `/readers/${r.id}`, manager, { centerId: centerB, name: 'Side door' });
    expect(moved.json()).toMatchObject({ name: 'Side door', center: { id: centerB } });
    // Now in B, it is out of the local manager's sight.
    expect((await req('GET', `/readers/${r.id}`, local)).statusCode).toBe(404);
    expect((await req('POST', `/readers/${r.id}/rotate-secret`, local)).statusCode).toBe(404);
  });

  it('another organisation’s readers are invisible and untouchable', async () => {
    const { reader: r } = await reader();
    const outsider = ctx.bearer(await (await (await ctx.newOrganisation()).newUser({ role: 'admin' })).login());
    expect((await req('GET', `/readers/${r.id}`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/readers/${r.id}`, outsider, { name: 'Mine' })).statusCode).toBe(404);
    expect((await req('POST', `/readers/${r.id}/rotate-secret`, outsider)).statusCode).toBe(404);
    expect((await req('DELETE', `/readers/${r.id}`, outsider)).statusCode).toBe(404);
    expect((await req('POST', '/readers', outsider, { centerId: centerA, name: 'X', sn: 'XX-1' })).statusCode).toBe(
      404,
    );
    expect((await req('GET', '/readers', outsider)).body).not.toContain(r.id);
    expect((await req('GET', `/readers/${r.id}`, manager)).json().name).toBe('Front door');
  });

  it('every change of a reader is in the audit log, with who and what changed; every route that changes one is here', async () => {
    const { reader: r } = await reader(centerA, 'Audit door');
    const steps: [string, string][] = [];
    const step = async (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
      const res = await req(method, url, manager, payload);
      expect(res.statusCode, res.body).toBeLessThan(300);
      steps.push([method, url.replace(r.id, ':id')]);
    };
    await step('PATCH', `/readers/${r.id}`, { name: 'Audit gate' });
    await step('PATCH', `/readers/${r.id}`, { centerId: centerB });
    await step('PATCH', `/readers/${r.id}`, { active: false });
    await step('PATCH', `/readers/${r.id}`, { active: true });
    await step('POST', `/readers/${r.id}/rotate-secret`);
    await step('DELETE', `/readers/${r.id}`);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, r.id))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    const seen = rows.map((row) => ({
      action: row.action,
      centerId: row.centerId,
      actorRole: row.actorRole,
      before: row.before,
      after: row.after,
    }));
    expect(seen).toEqual([
      expect.objectContaining({ action: 'reader.created', centerId: centerA }),
      expect.objectContaining({
        action: 'reader.renamed',
        actorRole: 'manager',
        before: { name: 'Audit door' },
        after: { name: 'Audit gate' },
      }),
      expect.objectContaining({ action: 'reader.moved', centerId: centerB, before: { centerId: centerA } }),
      expect.objectContaining({ action: 'reader.deactivated', before: { active: true }, after: { active: false } }),
      expect.objectContaining({ action: 'reader.activated', before: { active: false }, after: { active: true } }),
      expect.objectContaining({ action: 'reader.secret_rotated' }),
      expect.objectContaining({ action: 'reader.deleted', centerId: centerB }),
    ]);
    expect(rows.every((row) => row.actorUserId !== null && row.summary.includes('Audit'))).toBe(true);
    // A PATCH that changes nothing writes nothing.
    const { reader: quiet } = await reader(centerA, 'Quiet door');
    await req('PATCH', `/readers/${quiet.id}`, manager, { name: 'Quiet door', centerId: centerA, active: true });
    expect((await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, quiet.id))).length).toBe(1);
    // A new route that changes a reader must be audited and added to the steps above.
    const changing = ctx.app.routeRegistry
      .filter((route) => route.url.startsWith('/api/v1/pro/readers/:id') && route.method !== 'GET')
      .map((route) => `${route.method} ${route.url.replace('/api/v1/pro', '')}`)
      .sort();
    expect([...new Set(steps.map(([m, u]) => `${m} ${u}`))].sort()).toEqual(changing);
  });
});
