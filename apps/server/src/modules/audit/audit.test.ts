import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrganisation, type TestContext, type TestOrganisation, type TestUser } from '../../test/harness.ts';
import { type Api, apiAs, callerOf } from '../members/test-helpers.ts';

let ctx: TestContext, org: TestOrganisation, admin: TestUser, adminApi: Api, manager: Api;

beforeAll(async () => {
  ({ ctx, org } = await startOrganisation());
  admin = await org.newUser({ role: 'admin' });
  adminApi = await apiAs(ctx, admin);
  manager = await callerOf(ctx, org, 'manager');
});
afterAll(() => ctx?.close());

interface Row {
  action: string;
  actor: { id: string; name: string } | null;
  actorRole: string | null;
  entityType: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ipAddress: string | null;
  summary: string;
}

/** The newest audit row of an action on an entity, as the API lists it. */
async function lastRow(action: string, entityId?: string): Promise<Row | undefined> {
  const res = await adminApi.get(`/audit?action=${action}&pageSize=200`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Row[]).find((r) => !entityId || r.entityId === entityId);
}

describe('audit log', () => {
  it('records role, centre and activation changes of staff with actor, address and changed fields only', async () => {
    const target = await org.newUser({ role: 'frontdesk' });
    const role = await adminApi.patch(`/staff/${target.id}`, { role: 'trainer', fullName: 'Renamed Person' });
    expect(role.statusCode, role.body).toBe(200);
    const row = await lastRow('staff.role_changed', target.id);
    expect(row).toMatchObject({
      actor: { id: admin.id },
      actorRole: 'admin',
      entityType: 'staff',
      before: { role: 'frontdesk', isTrainer: false },
      after: { role: 'trainer', isTrainer: true },
    });
    expect(row?.before).not.toHaveProperty('fullName'); // not an audited field
    expect(row?.ipAddress).toBeTruthy();

    const centres = await adminApi.patch(`/staff/${target.id}`, { allCenters: false, centerIds: [org.centers[1]!.id] });
    expect(centres.statusCode, centres.body).toBe(200);
    expect(await lastRow('staff.access_changed', target.id)).toMatchObject({
      after: { allCenters: false, centerIds: [org.centers[1]!.id] },
    });

    expect((await adminApi.post(`/staff/${target.id}/deactivate`)).statusCode).toBe(200);
    expect(await lastRow('staff.deactivated', target.id)).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    expect((await adminApi.post(`/staff/${target.id}/activate`)).statusCode).toBe(200);
    expect(await lastRow('staff.activated', target.id)).toMatchObject({
      before: { active: false },
      after: { active: true },
    });

    // A change of nothing audited writes no row.
    const before = (await adminApi.get(`/audit?entityType=staff&pageSize=200`)).json().total;
    await adminApi.patch(`/staff/${target.id}`, { fullName: 'Only The Name' });
    expect((await adminApi.get(`/audit?entityType=staff&pageSize=200`)).json().total).toBe(before);
  });

  it('records staff and member card attach, lost and detach', async () => {
    const target = await org.newUser({ role: 'trainer' });
    const card = await adminApi.post(`/staff/${target.id}/cards`, { number: '7770001' });
    expect(card.statusCode, card.body).toBe(201);
    expect(await lastRow('staff.card_attached', target.id)).toMatchObject({ after: { cardNumber: '7770001' } });
    expect((await adminApi.delete(`/staff/${target.id}/cards/${card.json().id}`)).statusCode).toBe(204);
    expect(await lastRow('staff.card_detached', target.id)).toMatchObject({
      before: { cardNumber: '7770001', cardStatus: 'active' },
      after: { cardStatus: 'detached' },
    });

    const member = await org.newMember();
    const mc = await manager.post(`/students/${member.id}/cards`, { number: '7770002' });
    expect(mc.statusCode, mc.body).toBe(201);
    expect(await lastRow('member.card_attached', member.id)).toMatchObject({
      actorRole: 'manager',
      after: { cardNumber: '7770002' },
    });
    expect((await manager.post(`/students/${member.id}/cards/${mc.json().id}/lost`)).statusCode).toBe(200);
    expect(await lastRow('member.card_lost', member.id)).toMatchObject({ after: { cardStatus: 'lost' } });
    expect((await manager.delete(`/students/${member.id}/cards/${mc.json().id}`)).statusCode).toBe(204);
    expect(await lastRow('member.card_detached', member.id)).toMatchObject({
      before: { cardStatus: 'lost' },
      after: { cardStatus: 'detached' },
    });

    // A card given with a new member, and a card scanned at the desk, are attachments too.
    const created = await manager.post('/students', {
      firstName: 'Card',
      lastName: 'Holder',
      phone: '+852 5999 0001',
      homeCenterId: org.centers[0]!.id,
      cardNumber: '7770003',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await lastRow('member.card_attached', created.json().id)).toMatchObject({
      after: { cardNumber: '7770003' },
    });
    const scanned = await manager.post(`/student/${member.id}/nfc`, { card: '7770004' });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(await lastRow('member.card_attached', member.id)).toMatchObject({ after: { cardNumber: '7770004' } });
  });

  it('records privacy export and erase, config and maintenance changes, reader creation and secret rotation', async () => {
    const member = await org.newMember();
    expect((await manager.get(`/students/${member.id}/privacy-export`)).statusCode).toBe(200);
    expect(await lastRow('member.privacy_exported', member.id)).toMatchObject({ actorRole: 'manager' });
    const erased = await manager.post(`/students/${member.id}/erase`, { confirmCode: member.code });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await lastRow('member.erased', member.id)).toMatchObject({ after: { status: 'left', erased: true } });

    expect((await adminApi.patch('/config', { currencySymbol: 'HK$ ' })).statusCode).toBe(200);
    expect(await lastRow('config.changed')).toMatchObject({
      before: { currencySymbol: 'R$ ' },
      after: { currencySymbol: 'HK$ ' },
    });
    expect((await adminApi.patch('/config', { maintenanceMode: true })).statusCode).toBe(200);
    expect(await lastRow('config.maintenance_changed')).toMatchObject({
      before: { maintenanceMode: false },
      after: { maintenanceMode: true },
    });
    expect((await adminApi.patch('/config', { maintenanceMode: false })).statusCode).toBe(200);

    const reader = await adminApi.post('/readers', {
      centerId: org.centers[0]!.id,
      name: 'Front door',
      sn: 'AUDIT-0001',
    });
    expect(reader.statusCode, reader.body).toBe(201);
    const readerId = reader.json().reader.id;
    const created = await lastRow('reader.created', readerId);
    expect(created).toMatchObject({ after: { name: 'Front door', sn: 'AUDIT-0001' } });
    expect(JSON.stringify(created)).not.toContain(reader.json().secret);
    expect((await adminApi.post(`/readers/${readerId}/rotate-secret`)).statusCode).toBe(200);
    expect(await lastRow('reader.secret_rotated', readerId)).toBeTruthy();
  });

  it('filters by action, entity type, actor, keyword and business dates; pages newest first', async () => {
    const all = (await adminApi.get('/audit?pageSize=200')).json();
    expect(all.total).toBeGreaterThan(10);
    const ats = (all.items as { at: string }[]).map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const page2 = (await adminApi.get('/audit?pageSize=3&page=2')).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: all.total });
    expect(page2.items.map((r: { id: string }) => r.id)).toEqual(
      all.items.slice(3, 6).map((r: { id: string }) => r.id),
    );

    const readers = (await adminApi.get('/audit?entityType=reader')).json();
    expect(readers.total).toBe(2);
    const byActor = (await adminApi.get(`/audit?actorId=${admin.id}&pageSize=200`)).json();
    expect(byActor.items.every((r: Row) => r.actor?.id === admin.id)).toBe(true);
    expect(byActor.total).toBeLessThan(all.total);
    const keyword = (await adminApi.get('/audit?keyword=Front%20door')).json();
    expect(keyword.items.map((r: Row) => r.action).sort()).toEqual(['reader.created', 'reader.secret_rotated']);

    // Business dates of the organisation's zone (Hong Kong in the test centres): today holds every row,
    // a range ending yesterday none.
    const { today, addDays } = await import('@gym/contract/time');
    const zone = 'Asia/Hong_Kong';
    const day = today(zone);
    expect((await adminApi.get(`/audit?from=${day}&to=${day}&pageSize=1`)).json().total).toBe(all.total);
    expect((await adminApi.get(`/audit?to=${addDays(day, -1)}`)).json().total).toBe(0);
    expect((await adminApi.get(`/audit?from=${addDays(day, 1)}`)).json().total).toBe(0);

    const bad = await adminApi.get('/audit?action=nope');
    expect(bad.statusCode).toBe(400);

    const csv = await adminApi.get('/audit/export?format=csv&entityType=reader');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('reader.secret_rotated');
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    const xlsx = await adminApi.get('/audit/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
  });

  it('never shows another organisation’s rows, and only admins and managers read it', async () => {
    const other = await ctx.newOrganisation();
    const otherAdmin = await apiAs(ctx, await other.newUser({ role: 'admin' }));
    expect((await otherAdmin.get('/audit')).json()).toMatchObject({ total: 0, items: [] });
    const mine = (await adminApi.get('/audit?pageSize=1')).json();
    expect(mine.total).toBeGreaterThan(0);
    expect((await otherAdmin.get(`/audit?actorId=${admin.id}`)).json().total).toBe(0);

    for (const role of ['frontdesk', 'trainer', 'accountant'] as const) {
      const api = await apiAs(ctx, await org.newUser({ role }));
      expect((await api.get('/audit')).statusCode).toBe(403);
    }
    expect((await manager.get('/audit')).statusCode).toBe(200);
  });
});
