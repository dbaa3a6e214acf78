import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { type Api, callerOf } from './test-helpers.ts';

let ctx: TestContext, org: TestOrganisation, desk: Api, admin: Api;
let ip = 0;

beforeAll(async () => {
  ({ ctx, org } = await startOrganisation());
  desk = await callerOf(ctx, org, 'frontdesk');
  admin = await callerOf(ctx, org, 'admin');
});
afterAll(() => ctx?.close());

const register = (over: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/register/${org.initial}/A`,
    remoteAddress: `198.51.100.${++ip}`,
    payload: {
      firstName: 'Siu Ming',
      lastName: 'Lee',
      phone: '9876 1111',
      email: 'siuming@example.com',
      language: 'en',
      privacyAccepted: true,
      ...over,
    },
  });

type Item = { id: string; code: string; possibleDuplicateOf?: string | null; createdAt: string };
const listed = async (keyword: string) =>
  (await desk.get(`/students?keyword=${encodeURIComponent(keyword)}&sort=createdAt`)).json().items as Item[];

describe('public registration twice', () => {
  it('links the second registration to the first as a possible duplicate, on the list and the file', async () => {
    expect((await register()).statusCode).toBeLessThan(300);
    // The same person again, the phone typed another way.
    expect((await register({ phone: '+852 9876-1111' })).statusCode).toBeLessThan(300);
    const [first, second] = await listed('siuming@example.com');
    expect(first!.possibleDuplicateOf).toBeNull();
    expect(second!.possibleDuplicateOf).toBe(first!.id);
    const file = (await desk.get(`/students/${second!.id}`)).json();
    expect(file.possibleDuplicateOf).toBe(first!.id);

    // Someone else (other phone and e-mail) is not linked.
    await register({ firstName: 'Other', phone: '9876 2222', email: 'other@example.com' });
    const [other] = await listed('other@example.com');
    expect(other!.possibleDuplicateOf).toBeNull();
  });
});

describe('merging two member records', () => {
  it('moves cards and groups to the kept record, keeps its code and the chosen values, in one step', async () => {
    await register({ firstName: 'Wai', lastName: 'Chan', phone: '9000 1000', email: 'wai@example.com' });
    await register({ firstName: 'Wai Kit', lastName: 'Chan', phone: '9000 1000', email: 'wai@example.com' });
    const [kept, other] = await listed('wai@example.com');
    const group = (await admin.post('/groups', { name: 'Merge crew' })).json();
    expect((await admin.patch(`/students/${other!.id}`, { groupIds: [group.id] })).statusCode).toBe(200);
    expect((await admin.post(`/students/${other!.id}/cards`, { number: 'MERGE0001' })).statusCode).toBe(201);

    // The desk may not merge; an admin may. A bad field is refused naming it, and changes nothing.
    expect((await desk.post(`/students/${kept!.id}/merge`, { otherId: other!.id })).statusCode).toBe(403);
    const bad = await admin.post(`/students/${kept!.id}/merge`, { otherId: other!.id, takeFromOther: ['code'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('takeFromOther');
    expect((await admin.post(`/students/${kept!.id}/merge`, { otherId: kept!.id })).statusCode).toBe(422);

    const res = await admin.post(`/students/${kept!.id}/merge`, { otherId: other!.id, takeFromOther: ['firstName'] });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({ id: kept!.id, code: kept!.code, firstName: 'Wai Kit', possibleDuplicateOf: null });
    expect(merged.groups.map((g: { name: string }) => g.name)).toEqual(['Merge crew']);
    expect(merged.cards.map((c: { number: string }) => c.number)).toContain('MERGE0001');

    // The other record is no longer listed nor found; its file points at the kept one.
    expect((await listed('wai@example.com')).map((m) => m.id)).toEqual([kept!.id]);
    expect((await listed('MERGE0001')).map((m) => m.id)).toEqual([kept!.id]);
    const gone = (await admin.get(`/students/${other!.id}`)).json();
    expect(gone.mergedInto).toBe(kept!.id);
    expect(gone.cards).toEqual([]);
    // Merging it again is refused.
    expect((await admin.post(`/students/${kept!.id}/merge`, { otherId: other!.id })).statusCode).toBe(422);
  });
});
