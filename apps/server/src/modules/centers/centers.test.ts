import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, rooms } from '../../db/schema/index.ts';
import { csvLines, xlsxSheet } from '../../test/exports.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, org: TestOrganisation, admin: Headers;

beforeAll(async () => {
  ({ ctx, org } = await startWithOrganisation());
  admin = await org.signIn('admin');
});
afterAll(() => ctx?.close());

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

const newCenter = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Centre ${code}`,
  timeZone: 'Europe/Lisbon',
  ...extra,
});

describe('centre list', () => {
  it('lists the centres with their current members and rooms counted', async () => {
    const o = await ctx.newOrganisation();
    const [a, b] = o.centers.map((c) => ({ id: c.id })) as [{ id: string }, { id: string }];
    const member = (code: string, status: string, homeCenterId = a.id) => ({
      organisationId: o.id,
      homeCenterId,
      code,
      firstName: 'Ana',
      lastName: code,
      status,
      searchText: `|${code}|`,
    });
    await ctx.database.db
      .insert(members)
      .values([member('M1', 'active'), member('M2', 'frozen'), member('M3', 'left'), member('M4', 'active', b.id)]);
    await ctx.database.db.insert(rooms).values([
      { organisationId: o.id, centerId: a.id, name: 'Studio', capacity: 20 },
      { organisationId: o.id, centerId: a.id, name: 'Old hall', capacity: 20, active: false },
    ]);
    const res = await req('GET', '/centers', await o.signIn('manager'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(
      body.items.map((c: { code: string; memberCount: number; roomCount: number }) => [
        c.code,
        c.memberCount,
        c.roomCount,
      ]),
    ).toEqual([
      ['A', 2, 1],
      ['B', 1, 0],
    ]);
  });

  it('a centre-limited caller sees only their centres; the detail of another one is not found', async () => {
    const [a, b] = org.centers.map((c) => ({ id: c.id })) as [{ id: string }, { id: string }];
    const frontdesk = await org.signIn('frontdesk', [a.id]);
    const list = (await req('GET', '/centers', frontdesk)).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    expect((await req('GET', `/centers/${a.id}`, frontdesk)).statusCode).toBe(200);
    expect((await req('GET', `/centers/${b.id}`, frontdesk)).statusCode).toBe(404);
  });

  it('finds centres by part of the code or name, and sorts', async () => {
    const o = await ctx.newOrganisation();
    const h = await o.signIn('admin');
    await req('POST', '/centers', h, newCenter('KWT', { name: 'Kowloon Tong' }));
    await req('POST', '/centers', h, newCenter('CWB', { name: 'Causeway Bay' }));
    const byName = (await req('GET', '/centers?keyword=loon', h)).json();
    expect(byName.items.map((c: { code: string }) => c.code)).toEqual(['KWT']);
    const byCode = (await req('GET', '/centers?keyword=cw', h)).json();
    expect(byCode.items.map((c: { code: string }) => c.code)).toEqual(['CWB']);
    const sorted = (await req('GET', '/centers?sort=-name&pageSize=2', h)).json();
    expect(sorted.items.map((c: { name: string }) => c.name)).toEqual(['Kowloon Tong', 'Centre B']);
    expect(sorted.total).toBe(4);
  });
});

describe('opening a centre', () => {
  it('takes the organisation’s currency symbol and default opening hours, and upper-cases the code', async () => {
    const o = await ctx.newOrganisation();
    const h = await o.signIn('admin');
    await req('PATCH', '/config', h, { currencySymbol: 'HK$ ' });
    const res = await req(
      'POST',
      '/centers',
      h,
      newCenter('mk1', { address: '1 Nathan Road', phone: '+852 2345 6789' }),
    );
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      code: 'MK1',
      currencySymbol: 'HK$ ',
      active: true,
      address: '1 Nathan Road',
      memberCount: 0,
      roomCount: 0,
      readers: [],
    });
    expect(c.openingHours).toHaveLength(7);
    expect((await req('GET', `/centers/${c.id}`, h)).json().code).toBe('MK1');
  });

  it('refuses a code the organisation already uses (409 on the field), while another organisation may use it', async () => {
    const res = await req('POST', '/centers', admin, newCenter('a'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'code_taken', fields: [{ path: 'code', code: 'code_taken' }] });
    const elsewhere = await ctx.newOrganisation();
    expect((await req('POST', '/centers', await elsewhere.signIn('admin'), newCenter('ZZ'))).statusCode).toBe(201);
    expect((await req('POST', '/centers', admin, newCenter('ZZ'))).statusCode).toBe(201);
  });

  it('names the wrong fields', async () => {
    const res = await req('POST', '/centers', admin, {
      ...newCenter('X 1'),
      timeZone: 'Mars/Olympus',
      openingHours: [{ day: 0, closed: false, open: '18:00', close: '09:00' }],
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields.map((f: { path: string; code: string }) => `${f.path}:${f.code}`);
    expect(fields).toEqual(expect.arrayContaining(['code:center_code_format', 'timeZone:time_zone_unknown']));
    expect(fields.some((f: string) => f.startsWith('openingHours'))).toBe(true);
  });

  it('keeps the country (ISO 3166 alpha-2, any case), refuses an unknown one naming `country`, and phones typed at the desk take its calling code', async () => {
    const o = await ctx.newOrganisation();
    const h = await o.signIn('admin');
    const unknown = await req('POST', '/centers', h, newCenter('XC', { country: 'XX' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([expect.objectContaining({ path: 'country', code: 'country_unknown' })]);
    expect((await req('GET', '/centers?keyword=XC', h)).json().total).toBe(0);

    const created = await req('POST', '/centers', h, newCenter('PT1', { country: 'pt' }));
    expect(created.statusCode, created.body).toBe(201);
    const centre = created.json();
    expect(centre.country).toBe('PT');
    const member = await req('POST', '/students', h, {
      firstName: 'Ana',
      lastName: 'Silva',
      phone: '912 345 678',
      homeCenterId: centre.id,
    });
    expect(member.statusCode, member.body).toBe(201);
    expect(member.json().phone).toBe('+351912345678');

    const bad = await req('PATCH', `/centers/${centre.id}`, h, { country: 'Portugal' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('country');
    expect((await req('PATCH', `/centers/${centre.id}`, h, { country: 'DE' })).json().country).toBe('DE');
    expect((await req('GET', `/centers/${centre.id}`, h)).json().country).toBe('DE');
    expect((await req('PATCH', `/centers/${centre.id}`, h, { country: null })).json().country).toBeNull();
  });

  it('is for staff of every centre: a centre-limited manager may not', async () => {
    const manager = await org.signIn('manager', [org.centers[0]!.id]);
    const res = await req('POST', '/centers', manager, newCenter('NEW'));
    expect(res.statusCode).toBe(403);
  });
});

describe('changing a centre', () => {
  it('updates fields, clears an optional one with null, and keeps codes unique', async () => {
    const o = await ctx.newOrganisation();
    const h = await o.signIn('manager');
    const [a] = o.centers.map((c) => ({ id: c.id })) as [{ id: string }];
    const res = await req('PATCH', `/centers/${a.id}`, h, {
      name: 'Central',
      email: 'Front@Gym.test',
      phone: '2345 6789',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Central', email: 'front@gym.test', phone: '2345 6789' });
    expect((await req('PATCH', `/centers/${a.id}`, h, { phone: null })).json().phone).toBeNull();
    const clash = await req('PATCH', `/centers/${a.id}`, h, { code: 'B' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields[0].path).toBe('code');
  });

  it('deactivates and activates; the last active centre stays open', async () => {
    const o = await ctx.newOrganisation();
    const h = await o.signIn('admin');
    const [a, b] = o.centers.map((c) => ({ id: c.id })) as [{ id: string }, { id: string }];
    const off = await req('POST', `/centers/${b.id}/deactivate`, h);
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await req('GET', '/centers/switcher', h)).json().items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    expect((await req('GET', '/centers', h)).json().total).toBe(1);
    expect((await req('GET', '/centers?includeInactive=true', h)).json().total).toBe(2);

    const last = await req('POST', `/centers/${a.id}/deactivate`, h);
    expect(last.statusCode).toBe(422);
    expect(last.json().error).toBe('last_center');

    expect((await req('POST', `/centers/${b.id}/activate`, h)).json().active).toBe(true);
    expect((await req('POST', `/centers/${a.id}/deactivate`, h)).statusCode).toBe(200);
  });

  it('another organisation’s centres are invisible and untouchable', async () => {
    const outsider = await (await ctx.newOrganisation()).signIn('admin');
    const id = org.centers[0]!.id;
    expect((await req('GET', `/centers/${id}`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/centers/${id}`, outsider, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await req('POST', `/centers/${id}/deactivate`, outsider)).statusCode).toBe(404);
    expect((await req('GET', `/centers/${id}`, admin)).json().name).toBe('Centre A');
  });
});

describe('centre export', () => {
  it('answers a CSV with a header row, and an XLSX that a spreadsheet reads back', async () => {
    const csv = await req('GET', '/centers/export?format=csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="centres-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csvLines(csv);
    expect(lines[0]).toBe('Code,Name,Address,Phone,E-mail,Time zone,Currency symbol,Members,Rooms,Active,Created');
    expect(lines[1]).toMatch(/^A,Centre A,/);

    const xlsx = await req('GET', '/centers/export?format=xlsx&keyword=Centre%20B', admin);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await xlsxSheet(xlsx);
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet.getRow(2).getCell(2).value).toBe('Centre B');
    expect(sheet.rowCount).toBe(2);
  });

  it('refuses an unknown format', async () => {
    const res = await req('GET', '/centers/export?format=pdf', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('format');
  });
});
