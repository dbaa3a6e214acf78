import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLines, xlsxSheet } from '../../test/exports.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;

beforeAll(async () => ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation()));
afterAll(() => ctx?.close());

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);
const names = (body: { items: { name: string }[] }) => body.items.map((r) => r.name);

async function room(headers: Headers, centerId: string, name: string, capacity = 12) {
  const res = await req('POST', '/rooms', headers, { centerId, name, capacity });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; center: { id: string; code: string } };
}

describe('rooms', () => {
  it('creates a room in a centre and lists it with its centre', async () => {
    const created = await room(manager, centerA, ' Spin Studio ', 25);
    expect(created).toMatchObject({
      name: 'Spin Studio',
      capacity: 25,
      active: true,
      notes: null,
      center: { id: centerA, code: 'A' },
    });
    const list = (await req('GET', `/rooms?centerId=${centerA}&keyword=spin`, manager)).json();
    expect(list.items).toEqual([created]);
  });

  it('keeps names unique per centre whatever the case, and another centre may reuse one', async () => {
    await room(manager, centerA, 'Yoga Room');
    const dup = await req('POST', '/rooms', manager, { centerId: centerA, name: 'YOGA room', capacity: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: 'name_taken', fields: [{ path: 'name', code: 'name_taken' }] });
    await room(manager, centerB, 'Yoga Room');
    const other = await room(manager, centerA, 'Boxing');
    const rename = await req('PATCH', `/rooms/${other.id}`, manager, { name: 'yoga ROOM' });
    expect(rename.statusCode).toBe(409);
    expect((await req('GET', `/rooms/${other.id}`, manager)).json().name).toBe('Boxing');
  });

  it('names the wrong fields', async () => {
    const res = await req('POST', '/rooms', manager, { centerId: 'nope', name: '', capacity: 0, colour: 'red' });
    expect(res.statusCode).toBe(400);
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['centerId', 'name', 'capacity', 'colour']));
  });

  it('delete deactivates: the room leaves the list, stays on request, and can come back', async () => {
    const r = await room(manager, centerB, 'Pool');
    const del = await req('DELETE', `/rooms/${r.id}`, manager);
    expect(del.statusCode).toBe(204);
    expect(names((await req('GET', `/rooms?centerId=${centerB}`, manager)).json())).not.toContain('Pool');
    const all = (await req('GET', `/rooms?centerId=${centerB}&includeInactive=true`, manager)).json();
    expect(all.items.find((x: { id: string }) => x.id === r.id)).toMatchObject({ active: false });
    // The deactivated room still holds its name; the answer points to it.
    const again = await req('POST', '/rooms', manager, { centerId: centerB, name: 'pool', capacity: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual({ roomId: r.id, active: false });
    expect((await req('PATCH', `/rooms/${r.id}`, manager, { active: true, capacity: 8 })).json()).toMatchObject({
      active: true,
      capacity: 8,
    });
  });

  it('sorts by capacity and by centre', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    await room(h, o.centers[1]!.id, 'Big', 50);
    await room(h, o.centers[0]!.id, 'Small', 4);
    await room(h, o.centers[0]!.id, 'Mid', 20);
    expect(names((await req('GET', '/rooms?sort=-capacity', h)).json())).toEqual(['Big', 'Mid', 'Small']);
    expect(names((await req('GET', '/rooms?sort=center', h)).json())).toEqual(['Mid', 'Small', 'Big']);
    const page = (await req('GET', '/rooms?sort=name&pageSize=2&page=2', h)).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(page)).toEqual(['Small']);
  });

  it('a centre-limited manager works only with their centre’s rooms', async () => {
    const inB = await room(manager, centerB, 'Squash Court');
    const local = ctx.bearer(await (await org.newUser({ role: 'manager', centerIds: [centerA] })).login());
    const refused = await req('POST', '/rooms', local, { centerId: centerB, name: 'Sneaky', capacity: 2 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().fields[0].path).toBe('centerId');
    const seen = (await req('GET', '/rooms?includeInactive=true&pageSize=200', local)).json();
    expect(seen.items.every((r: { center: { id: string } }) => r.center.id === centerA)).toBe(true);
    expect((await req('GET', `/rooms?centerId=${centerB}`, local)).json().total).toBe(0);
    expect((await req('PATCH', `/rooms/${inB.id}`, local, { capacity: 1 })).statusCode).toBe(404);
    expect((await req('DELETE', `/rooms/${inB.id}`, local)).statusCode).toBe(404);
    expect((await req('GET', `/rooms/${inB.id}`, manager)).json()).toMatchObject({ active: true, capacity: 12 });
    expect((await req('POST', '/rooms', local, { centerId: centerA, name: 'Local', capacity: 2 })).statusCode).toBe(
      201,
    );
  });

  it('a deactivated centre takes no new rooms', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    await req('POST', `/centers/${o.centers[1]!.id}/deactivate`, h);
    const res = await req('POST', '/rooms', h, { centerId: o.centers[1]!.id, name: 'Late', capacity: 2 });
    expect(res.statusCode).toBe(422);
  });

  it('another organisation’s rooms are invisible and untouchable', async () => {
    const r = await room(manager, centerA, 'Private');
    const outsider = ctx.bearer(await (await (await ctx.newOrganisation()).newUser({ role: 'admin' })).login());
    expect((await req('GET', `/rooms/${r.id}`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/rooms/${r.id}`, outsider, { name: 'Taken' })).statusCode).toBe(404);
    expect((await req('DELETE', `/rooms/${r.id}`, outsider)).statusCode).toBe(404);
    expect(
      (await req('POST', '/rooms', outsider, { centerId: centerA, name: 'Intruder', capacity: 1 })).statusCode,
    ).toBe(404);
    expect((await req('GET', '/rooms', outsider)).json().total).toBe(0);
    expect((await req('GET', `/rooms/${r.id}`, manager)).json().name).toBe('Private');
  });

  it('exports the list as CSV and XLSX', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'frontdesk' })).login());
    const admin = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    await room(admin, o.centers[0]!.id, '=HYPERLINK("x")', 9);
    await room(admin, o.centers[1]!.id, 'Hall', 30);
    const csv = await req('GET', '/rooms/export?format=csv', h);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv);
    expect(lines[0]).toBe('Centre code,Centre,Room,Capacity,Notes,Active,Created');
    expect(lines).toHaveLength(3);
    // A formula typed as a name is not run by the spreadsheet.
    expect(lines[1]).toContain(`'=HYPERLINK`);
    const xlsx = await req('GET', `/rooms/export?format=xlsx&centerId=${o.centers[1]!.id}`, h);
    const sheet = await xlsxSheet(xlsx);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('Hall');
    expect(sheet.getRow(2).getCell(4).value).toBe(30);
  });
});
