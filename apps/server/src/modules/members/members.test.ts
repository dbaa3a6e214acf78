import { addDays, addMonths, today } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, members, organisations } from '../../db/schema/index.ts';
import { csvLines } from '../../test/exports.ts';
import { startOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { refusedPaths } from '../../test/refusals.ts';
import { type Api, apiAs, callerOf } from './test-helpers.ts';

let ctx: TestContext, org: TestOrganisation, centerA: string, centerB: string;
let admin: Api, deskA: Api, trainer: Api, outsider: Api;

const base = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Silva',
  phone: `+55 11 9${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`,
  homeCenterId: centerA,
  ...over,
});

beforeAll(async () => {
  ({ ctx, org, centerA, centerB } = await startOrganisation());
  admin = await callerOf(ctx, org, 'admin');
  deskA = await callerOf(ctx, org, 'frontdesk', [centerA]);
  trainer = await callerOf(ctx, org, 'trainer');
  outsider = await callerOf(ctx, await ctx.newOrganisation(), 'admin');
});
afterAll(() => ctx?.close());

const memberSeq = async () =>
  (await ctx.database.db.select().from(organisations).where(eq(organisations.id, org.id)))[0]!.memberSeq;
const memberCount = async () =>
  (await ctx.database.db.select().from(members).where(eq(members.organisationId, org.id))).length;

describe('creating a member', () => {
  it('answers 201 with a generated code from the organisation pattern, groups and a first card', async () => {
    const group = (await admin.post('/groups', { name: 'Morning crew' })).json();
    const res = await deskA.post(
      '/students',
      base({ chineseName: '陳大文', groupIds: [group.id], cardNumber: '00a1b2c3', email: 'Ana@Example.com' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    expect(m.code).toMatch(new RegExp(`^${org.initial}\\d{6}$`));
    expect(m).toMatchObject({
      firstName: 'Ana',
      chineseName: '陳大文',
      email: 'ana@example.com',
      status: 'active',
      source: 'walk_in',
      isNew: false,
      homeCenter: { id: centerA, code: 'A' },
      groups: [{ id: group.id, name: 'Morning crew' }],
    });
    expect(m.cards).toHaveLength(1);
    expect(m.cards[0]).toMatchObject({
      number: '00A1B2C3',
      status: 'active',
      attachedBy: expect.stringContaining('frontdesk'),
    });
  });

  it('names the field of a validation error', async () => {
    const res = await admin.post('/students', base({ phone: 'call me', birthday: '2020-02-30' }));
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { path: string; code: string }[];
    expect(fields).toContainEqual(expect.objectContaining({ path: 'phone', code: 'phone_format' }));
    expect(fields).toContainEqual(expect.objectContaining({ path: 'birthday', code: 'date_invalid' }));
  });

  it('asks for a guardian for a minor', async () => {
    const year = new Date().getUTCFullYear() - 10;
    const res = await admin.post('/students', base({ birthday: `${year}-01-01` }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual(expect.objectContaining({ path: 'guardian', code: 'guardian_required' }));
    const ok = await admin.post(
      '/students',
      base({ birthday: `${year}-01-01`, guardian: { name: 'Mãe', phone: '+55 11 5555-0000', relationship: 'mother' } }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("asks for a guardian when the member is under 18 on the home centre's today, not UTC's", async () => {
    // UTC+14 and UTC-11: at any instant at least one of them is on another calendar day than UTC.
    const zoned = await ctx.newOrganisation();
    const [ahead, behind] = zoned.centers.map((c) => c.id) as [string, string];
    await ctx.database.db.update(centers).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(centers.id, ahead));
    await ctx.database.db.update(centers).set({ timeZone: 'Pacific/Pago_Pago' }).where(eq(centers.id, behind));
    const api = await apiAs(ctx, await zoned.newUser({ role: 'admin' }));
    const aheadToday = today('Pacific/Kiritimati');
    const behindToday = today('Pacific/Pago_Pago');
    // Eighteen today in Kiritimati: an adult there, though still 17 on UTC's day for ten hours.
    const adult = await api.post('/students', base({ homeCenterId: ahead, birthday: addMonths(aheadToday, -216) }));
    expect(adult.statusCode, adult.body).toBe(201);
    // Born today in Kiritimati: not a future birthday there.
    const guardian = { name: 'Mãe', phone: '+55 11 5555-0000' };
    const newborn = await api.post('/students', base({ homeCenterId: ahead, birthday: aheadToday, guardian }));
    expect(newborn.statusCode, newborn.body).toBe(201);
    // Eighteen tomorrow in Pago Pago: a minor there, though already 18 on UTC's day for eleven hours.
    const minorBirthday = addDays(addMonths(behindToday, -216), 1);
    const minor = await api.post('/students', base({ homeCenterId: behind, birthday: minorBirthday }));
    expect(minor.statusCode, minor.body).toBe(400);
    expect(minor.json().fields).toContainEqual(
      expect.objectContaining({ path: 'guardian', code: 'guardian_required' }),
    );
    // The same rule when an edit sets the birthday of a member at that centre.
    const m = await zoned.newMember({ homeCenterId: behind });
    const edit = await api.patch(`/students/${m.id}`, { birthday: minorBirthday });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().fields).toContainEqual(expect.objectContaining({ path: 'guardian', code: 'guardian_required' }));
  });

  it('takes a code staff chose, and refuses one already taken', async () => {
    const res = await admin.post('/students', base({ code: 'VIP-001' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().code).toBe('VIP-001');
    const again = await admin.post('/students', base({ code: 'VIP-001' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'code_taken', fields: [{ path: 'code', code: 'code_taken' }] });
  });

  it('asks to confirm a possible duplicate by phone (typed differently) or e-mail, then creates it', async () => {
    const first = await admin.post('/students', base({ phone: '+852 9123 4567', email: 'family@example.com' }));
    expect(first.statusCode).toBe(201);
    const res = await admin.post('/students', base({ firstName: 'Bia', phone: '+852 9123-4567' }));
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.error).toBe('duplicate_member');
    expect(body.details.duplicates).toEqual([
      expect.objectContaining({ id: first.json().id, code: first.json().code, matchedOn: ['phone'] }),
    ]);
    expect(body.fields).toContainEqual(expect.objectContaining({ path: 'phone', code: 'duplicate_member' }));
    const byEmail = await admin.post('/students', base({ email: 'FAMILY@example.com' }));
    expect(byEmail.json().details.duplicates[0].matchedOn).toEqual(['email']);

    const confirmed = await admin.post(
      '/students',
      base({ firstName: 'Bia', phone: '+852 9123-4567', confirmDifferentPerson: true }),
    );
    expect(confirmed.statusCode).toBe(201);
  });

  it('shows a duplicate at a centre the desk cannot see by code and initials only', async () => {
    const hidden = await org.newMember({
      firstName: 'Hidden',
      lastName: 'Person',
      phone: '2800 1234',
      homeCenterId: centerB,
    });
    const res = await deskA.post('/students', base({ phone: '28001234' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().details.duplicates).toEqual([
      { id: hidden.id, code: hidden.code, name: 'H. P.', phone: null, email: null, matchedOn: ['phone'] },
    ]);
  });

  it('writes nothing when a step fails: a card in use leaves no member and no code number spent', async () => {
    await org.newMember({ cardNumber: 'TAKEN001' });
    const [seq, count] = [await memberSeq(), await memberCount()];
    const res = await admin.post('/students', base({ cardNumber: 'taken001' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'card_in_use', fields: [{ path: 'cardNumber', code: 'card_in_use' }] });
    expect(await memberSeq()).toBe(seq);
    expect(await memberCount()).toBe(count);
  });

  it('refuses groups of another organisation', async () => {
    const foreign = (await outsider.post('/groups', { name: 'Theirs' })).json();
    const res = await admin.post('/students', base({ groupIds: [foreign.id] }));
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0].path).toBe('groupIds');
  });

  it('lets a desk limited to centre A create at A only', async () => {
    // A centre the caller does not work in does not exist for them (the one centre rule: 404).
    const res = await deskA.post('/students', base({ homeCenterId: centerB }));
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0].path).toBe('homeCenterId');
    const foreignCenter = await outsider.post('/students', base());
    expect(foreignCenter.statusCode).toBe(404);
  });

  it('is refused to a trainer (read only)', async () => {
    expect((await trainer.post('/students', base())).statusCode).toBe(403);
  });
});

describe('reading members', () => {
  it('opens a member; opening an online registration clears its "new" flag once', async () => {
    const m = await org.newMember({ firstName: 'Nova' });
    await ctx.database.db.update(members).set({ isNew: true }).where(eq(members.id, m.id));
    const first = await trainer.get(`/students/${m.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: m.id, firstName: 'Nova', isNew: true, cards: [], groups: [] });
    expect((await trainer.get(`/students/${m.id}`)).json().isNew).toBe(false);
  });

  it('hides members of other centres and organisations (404)', async () => {
    const atB = await org.newMember({ homeCenterId: centerB });
    expect((await deskA.get(`/students/${atB.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/students/${atB.id}`)).statusCode).toBe(200);
    expect((await outsider.get(`/students/${atB.id}`)).statusCode).toBe(404);
    expect((await outsider.patch(`/students/${atB.id}`, { firstName: 'X' })).statusCode).toBe(404);
    expect((await deskA.patch(`/students/${atB.id}`, { firstName: 'X' })).statusCode).toBe(404);
  });

  it('lists only the desk’s centre, with the total, and the outsider sees none of them', async () => {
    const atA = await org.newMember({ lastName: 'Scope' });
    const atB = await org.newMember({ lastName: 'Scope', homeCenterId: centerB });
    const desk = (await deskA.get('/students?keyword=scope')).json();
    expect(desk.items.map((i: { id: string }) => i.id)).toEqual([atA.id]);
    expect(desk.total).toBe(1);
    const all = (await admin.get('/students?keyword=scope')).json();
    expect(all.items.map((i: { id: string }) => i.id).sort()).toEqual([atA.id, atB.id].sort());
    const foreign = (await outsider.get('/students')).json();
    expect(foreign.total).toBe(0);
  });

  it('filters by centre, status and "new", pages and sorts', async () => {
    const tag = `Pg${Date.now() % 100000}`;
    for (const [i, status] of (['active', 'frozen', 'active', 'left', 'active'] as const).entries()) {
      await org.newMember({ lastName: tag, firstName: `N${i}`, status, homeCenterId: i === 4 ? centerB : centerA });
    }
    const page1 = (await admin.get(`/students?keyword=${tag}&pageSize=2&sort=name`)).json();
    expect(page1.total).toBe(5);
    expect(page1.items.map((i: { firstName: string }) => i.firstName)).toEqual(['N0', 'N1']);
    const page3 = (await admin.get(`/students?keyword=${tag}&pageSize=2&page=3&sort=name`)).json();
    expect(page3.items.map((i: { firstName: string }) => i.firstName)).toEqual(['N4']);
    const desc = (await admin.get(`/students?keyword=${tag}&sort=-name`)).json();
    expect(desc.items[0].firstName).toBe('N4');
    expect((await admin.get(`/students?keyword=${tag}&status=active`)).json().total).toBe(3);
    expect((await admin.get(`/students?keyword=${tag}&centerId=${centerB}`)).json().total).toBe(1);
    expect((await admin.get(`/students?keyword=${tag}&isNew=true`)).json().total).toBe(0);
    const bad = await admin.get('/students?status=vip&pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(refusedPaths(bad)).toEqual(['pageSize', 'status']);
  });
});

describe('editing a member', () => {
  it('changes fields, clears optional ones, moves status, and refreshes the search text', async () => {
    const m = await org.newMember({ firstName: 'Old', lastName: 'Name', email: 'old@example.com' });
    const res = await admin.patch(`/students/${m.id}`, {
      firstName: 'Renamed',
      email: null,
      status: 'frozen',
      notes: 'Knee injury',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Renamed', email: null, status: 'frozen', notes: 'Knee injury' });
    expect((await admin.get('/students?keyword=renamed')).json().items[0].id).toBe(m.id);
    expect((await admin.get('/students?keyword=old@example')).json().total).toBe(0);
  });

  it('checks the guardian rule on the member as it will be', async () => {
    const m = await org.newMember();
    const year = new Date().getUTCFullYear() - 12;
    const res = await admin.patch(`/students/${m.id}`, { birthday: `${year}-06-01` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual(expect.objectContaining({ path: 'guardian', code: 'guardian_required' }));
    const withGuardian = await admin.patch(`/students/${m.id}`, {
      birthday: `${year}-06-01`,
      guardian: { name: 'Pai', phone: '+55 11 4444-0000' },
    });
    expect(withGuardian.statusCode).toBe(200);
    // The guardian cannot be removed while the member is a minor.
    expect((await admin.patch(`/students/${m.id}`, { guardian: null })).statusCode).toBe(400);
  });

  it('checks duplicates only when the phone or e-mail changes', async () => {
    const a = await org.newMember({ phone: '3111 0000' });
    const b = await org.newMember({ phone: '3111 0000' });
    expect((await admin.patch(`/students/${b.id}`, { firstName: 'Twin' })).statusCode).toBe(200);
    const c = await org.newMember();
    const res = await admin.patch(`/students/${c.id}`, { phone: '3111-0000' });
    expect(res.statusCode).toBe(409);
    expect(
      res
        .json()
        .details.duplicates.map((d: { id: string }) => d.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(
      (await admin.patch(`/students/${c.id}`, { phone: '3111-0000', confirmDifferentPerson: true })).statusCode,
    ).toBe(200);
  });

  it('moves a member only to a centre the caller works in, and replaces groups', async () => {
    const m = await org.newMember();
    expect((await deskA.patch(`/students/${m.id}`, { homeCenterId: centerB })).statusCode).toBe(404);
    const g1 = (await admin.post('/groups', { name: 'G one' })).json();
    const g2 = (await admin.post('/groups', { name: 'G two' })).json();
    await admin.patch(`/students/${m.id}`, { groupIds: [g1.id, g2.id] });
    const res = await admin.patch(`/students/${m.id}`, { homeCenterId: centerB, groupIds: [g2.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().homeCenter.id).toBe(centerB);
    expect(res.json().groups).toEqual([{ id: g2.id, name: 'G two' }]);
  });

  it('refuses unknown fields and is refused to a trainer', async () => {
    const m = await org.newMember();
    const res = await admin.patch(`/students/${m.id}`, { code: 'NEW', nickname: 'x' });
    expect(res.statusCode).toBe(400);
    expect((await trainer.patch(`/students/${m.id}`, { firstName: 'T' })).statusCode).toBe(403);
  });
});

describe('export', () => {
  it('downloads the filtered list as CSV (every page) and XLSX, scoped to the desk’s centre', async () => {
    const tag = `Ex${Date.now() % 100000}`;
    await org.newMember({ lastName: tag, chineseName: '李小龍', cardNumber: `EX${Date.now() % 1e6}` });
    await org.newMember({ lastName: tag, homeCenterId: centerB });
    const csv = await deskA.get(`/students/export?format=csv&keyword=${tag}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csvLines(csv);
    expect(lines[0]).toContain('Code,First name,Last name,Chinese name');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('李小龍');
    const all = await admin.get(`/students/export?format=csv&keyword=${tag}`);
    expect(all.body.trim().split(/\r\n/)).toHaveLength(3);
    const xlsx = await admin.get(`/students/export?format=xlsx&keyword=${tag}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await admin.get('/students/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('generated codes', () => {
  it('skip a number that a hand-chosen code already holds', async () => {
    const next = (await memberSeq()) + 1;
    const taken = `${org.initial}${String(next).padStart(6, '0')}`;
    expect((await admin.post('/students', base({ code: taken }))).statusCode).toBe(201);
    const res = await admin.post('/students', base());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().code).toBe(`${org.initial}${String(next + 1).padStart(6, '0')}`);
  });
});
