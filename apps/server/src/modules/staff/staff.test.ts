import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, members, outboxEmails } from '../../db/schema/index.ts';
import { csvLines } from '../../test/exports.ts';
import { startOrganisation, TEST_PASSWORD, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, org: TestOrganisation, admin: Headers, centerA: string, centerB: string;

beforeAll(async () => {
  ({ ctx, org, centerA, centerB } = await startOrganisation({ organisation: { name: 'Dragon Gym' } }));
  admin = await org.signIn('admin');
});
afterAll(() => ctx?.close());

type Headers = { authorization: string };
const req = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });
const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

let emailCounter = 0;
const newEmail = () => `staff${++emailCounter}-${Date.now()}@dragon.test`;

async function createStaff(headers: Headers, body: Record<string, unknown> = {}) {
  const res = await req('POST', '/pro/staff', headers, {
    fullName: 'Wong Ka Ho',
    email: newEmail(),
    role: 'frontdesk',
    sendInvite: false,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; email: string; accountStatus: string; role: string; isTrainer: boolean };
}

async function mailsTo(email: string) {
  return ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.createdAt));
}
const tokenOf = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function choosePassword(token: string, password = 'my first password') {
  return post('/jwt/reset-password', { token, password });
}
const login = (email: string, password: string) => post('/jwt/login', { email, password });

describe('inviting staff', () => {
  it('creates an account without a password and e-mails a link that sets the first one', async () => {
    const email = newEmail();
    const created = await req('POST', '/pro/staff', admin, {
      fullName: 'Chan Siu Ming',
      email: email.toUpperCase(),
      phone: '+852 9123-4567',
      role: 'trainer',
      language: 'zh-Hant',
    });
    expect(created.statusCode).toBe(201);
    const staff = created.json();
    expect(staff).toMatchObject({
      email,
      role: 'trainer',
      isTrainer: true,
      allCenters: true,
      accountStatus: 'invited',
      active: true,
      cards: [],
      lastLoginAt: null,
    });
    expect((await login(email, 'anything at all')).statusCode).toBe(401);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain('Dragon Gym');
    expect(mail!.text).toContain('Chan Siu Ming');
    expect(mail!.text).toContain('7 天');
    const token = tokenOf(mail!.text);
    expect((await choosePassword(token)).statusCode).toBe(200);
    expect((await login(email, 'my first password')).statusCode).toBe(200);
    expect((await req('GET', `/pro/staff/${staff.id}`, admin)).json().accountStatus).toBe('active');
    // The link works once.
    expect((await choosePassword(token, 'another password')).statusCode).toBe(400);
  });

  it('resends the invitation while no password is chosen; only the newest link works', async () => {
    const s = await createStaff(admin);
    expect(await mailsTo(s.email)).toHaveLength(0);
    expect((await req('POST', `/pro/staff/${s.id}/invite`, admin)).statusCode).toBe(204);
    expect((await req('POST', `/pro/staff/${s.id}/invite`, admin)).statusCode).toBe(204);
    const [newest, older] = await mailsTo(s.email);
    expect((await choosePassword(tokenOf(older!.text))).statusCode).toBe(400);
    expect((await choosePassword(tokenOf(newest!.text))).statusCode).toBe(200);
    const again = await req('POST', `/pro/staff/${s.id}/invite`, admin);
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe('business_rule');
  });

  it('refuses an e-mail address that already has an account, in any organisation', async () => {
    const s = await createStaff(admin);
    const res = await req('POST', '/pro/staff', admin, {
      fullName: 'Twin',
      email: s.email.toUpperCase(),
      role: 'trainer',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'email_taken', fields: [{ path: 'email', code: 'email_taken' }] });
    const elsewhere = ctx.bearer(await (await (await ctx.newOrganisation()).newUser({ role: 'admin' })).login());
    expect(
      (await req('POST', '/pro/staff', elsewhere, { fullName: 'Twin', email: s.email, role: 'trainer' })).statusCode,
    ).toBe(409);
    const other = await createStaff(admin);
    const patch = await req('PATCH', `/pro/staff/${other.id}`, admin, { email: s.email });
    expect(patch.statusCode).toBe(409);
    expect(await mailsTo(s.email)).toHaveLength(0);
  });

  it('names the wrong fields', async () => {
    const res = await req('POST', '/pro/staff', admin, {
      fullName: '',
      email: 'not-an-email',
      role: 'client',
      allCenters: false,
      centerIds: [],
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['fullName', 'email', 'role']));
    const centres = await req('POST', '/pro/staff', admin, {
      fullName: 'No Centre',
      email: newEmail(),
      role: 'frontdesk',
      allCenters: false,
    });
    expect(centres.statusCode).toBe(400);
    expect(centres.json().fields).toContainEqual(
      expect.objectContaining({ path: 'centerIds', code: 'centers_required' }),
    );
  });
});

describe('roles', () => {
  it('a manager adds gym roles but not administrators, and cannot touch an administrator', async () => {
    const manager = ctx.bearer(await (await org.newUser({ role: 'manager' })).login());
    const refused = await req('POST', '/pro/staff', manager, { fullName: 'Boss', email: newEmail(), role: 'admin' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'not_allowed_role', fields: [{ path: 'role' }] });
    for (const role of ['manager', 'frontdesk', 'trainer', 'accountant']) await createStaff(manager, { role });

    const desk = await createStaff(manager);
    expect((await req('PATCH', `/pro/staff/${desk.id}`, manager, { role: 'admin' })).statusCode).toBe(403);
    const boss = await createStaff(admin, { role: 'admin' });
    expect((await req('PATCH', `/pro/staff/${boss.id}`, manager, { fullName: 'Renamed' })).statusCode).toBe(403);
    expect((await req('POST', `/pro/staff/${boss.id}/deactivate`, manager)).statusCode).toBe(403);
    expect((await req('PATCH', `/pro/staff/${desk.id}`, admin, { role: 'admin' })).json().role).toBe('admin');
  });

  it('nobody changes their own role or deactivates themselves', async () => {
    const me = await org.newUser({ role: 'manager' });
    const h = ctx.bearer(await me.login());
    const role = await req('PATCH', `/pro/staff/${me.id}`, h, { role: 'frontdesk' });
    expect(role.statusCode).toBe(422);
    expect(role.json()).toMatchObject({ error: 'business_rule', fields: [{ path: 'role' }] });
    expect((await req('POST', `/pro/staff/${me.id}/deactivate`, h)).statusCode).toBe(422);
    // Their own name, and the role they already have, are fine.
    const ok = await req('PATCH', `/pro/staff/${me.id}`, h, { fullName: 'Still Manager', role: 'manager' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ fullName: 'Still Manager', role: 'manager' });
  });

  it('a role change applies from the next request', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const h = ctx.bearer(await user.login());
    const room = { centerId: centerA, name: `Room ${Date.now()}`, capacity: 5 };
    expect((await req('POST', '/pro/rooms', h, room)).statusCode).toBe(403);
    expect((await req('PATCH', `/pro/staff/${user.id}`, admin, { role: 'manager' })).statusCode).toBe(200);
    expect((await req('POST', '/pro/rooms', h, room)).statusCode).toBe(201);
  });

  it('the organisation keeps an active administrator', async () => {
    const o = await ctx.newOrganisation();
    const onlyAdmin = await o.newUser({ role: 'admin' });
    const dev = ctx.bearer(await (await o.newUser({ role: 'developer' })).login());
    const res = await req('POST', `/pro/staff/${onlyAdmin.id}/deactivate`, dev);
    expect(res.statusCode).toBe(422);
    expect((await req('PATCH', `/pro/staff/${onlyAdmin.id}`, dev, { role: 'manager' })).statusCode).toBe(422);
  });
});

describe('deactivation', () => {
  it('signs the person out at once; activation lets them back in', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const session = await user.login();
    expect((await req('GET', '/pro/me', ctx.bearer(session))).statusCode).toBe(200);
    const res = await req('POST', `/pro/staff/${user.id}/deactivate`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, accountStatus: 'deactivated' });
    expect((await post('/jwt/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await req('GET', '/pro/me', ctx.bearer(session))).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(403);
    expect(
      (await req('GET', `/pro/staff?active=false&keyword=${encodeURIComponent(user.email)}`, admin)).json().total,
    ).toBe(1);

    expect((await req('POST', `/pro/staff/${user.id}/activate`, admin)).json().accountStatus).toBe('active');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a pending invitation dies with the deactivation', async () => {
    const s = await createStaff(admin, { sendInvite: true });
    const [mail] = await mailsTo(s.email);
    await req('POST', `/pro/staff/${s.id}/deactivate`, admin);
    expect((await choosePassword(tokenOf(mail!.text))).statusCode).toBe(400);
    expect((await req('POST', `/pro/staff/${s.id}/invite`, admin)).statusCode).toBe(422);
  });
});

describe('password reset sent by a colleague', () => {
  it('e-mails a reset link to someone with a password, the invitation to someone without', async () => {
    const user = await org.newUser({ role: 'trainer' });
    expect((await req('POST', `/pro/staff/${user.id}/reset-password`, admin)).statusCode).toBe(204);
    const [reset] = await mailsTo(user.email);
    expect(reset!.subject).toBe('Reset your password');
    expect((await choosePassword(tokenOf(reset!.text), 'reset by a colleague')).statusCode).toBe(200);
    expect((await login(user.email, 'reset by a colleague')).statusCode).toBe(200);

    const invited = await createStaff(admin);
    expect((await req('POST', `/pro/staff/${invited.id}/reset-password`, admin)).statusCode).toBe(204);
    const [invitation] = await mailsTo(invited.email);
    expect(invitation!.subject).toBe('You are invited to Dragon Gym');
  });
});

describe('staff cards', () => {
  it('attaches a card, replaces it with a new one and keeps the history', async () => {
    const s = await createStaff(admin, { fullName: 'Card Holder' });
    const first = await req('POST', `/pro/staff/${s.id}/cards`, admin, { number: ' st0001 ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ number: 'ST0001', status: 'active', attachedBy: `admin of ${org.initial}` });
    const list = (await req('GET', `/pro/staff?keyword=${encodeURIComponent(s.email)}`, admin)).json();
    expect(list.items[0].cardNumber).toBe('ST0001');

    await req('POST', `/pro/staff/${s.id}/cards`, admin, { number: 'ST0002' });
    const detail = (await req('GET', `/pro/staff/${s.id}`, admin)).json();
    expect(detail.cards.map((c: { number: string; status: string }) => `${c.number}:${c.status}`)).toEqual([
      'ST0002:active',
      'ST0001:detached',
    ]);
    const current = detail.cards[0].id;
    expect((await req('DELETE', `/pro/staff/${s.id}/cards/${current}`, admin)).statusCode).toBe(204);
    const after = (await req('GET', `/pro/staff/${s.id}`, admin)).json();
    expect(
      after.cards.every((c: { status: string; detachedAt: string | null }) => c.status === 'detached' && c.detachedAt),
    ).toBe(true);
    // A detached number may go to someone else.
    const other = await createStaff(admin);
    expect((await req('POST', `/pro/staff/${other.id}/cards`, admin, { number: 'ST0002' })).statusCode).toBe(201);
  });

  it('refuses a number a member’s card already has', async () => {
    const [member] = await ctx.database.db
      .insert(members)
      .values({
        organisationId: org.id,
        homeCenterId: centerA,
        code: 'M-CARD',
        firstName: 'Mei',
        lastName: 'Lee',
        searchText: '|m-card|',
      })
      .returning();
    await ctx.database.db.insert(cards).values({ organisationId: org.id, number: 'MEM123', memberId: member!.id });
    const s = await createStaff(admin);
    const res = await req('POST', `/pro/staff/${s.id}/cards`, admin, { number: 'mem123' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'card_in_use', fields: [{ path: 'number', code: 'card_in_use' }] });
    expect((await req('GET', `/pro/staff/${s.id}`, admin)).json().cards).toEqual([]);
  });

  it('a card of another staff member cannot be detached through this one', async () => {
    const a = await createStaff(admin);
    const b = await createStaff(admin);
    const card = (await req('POST', `/pro/staff/${a.id}/cards`, admin, { number: `X${Date.now()}` })).json();
    expect((await req('DELETE', `/pro/staff/${b.id}/cards/${card.id}`, admin)).statusCode).toBe(404);
    expect((await req('GET', `/pro/staff/${a.id}`, admin)).json().cards[0].status).toBe('active');
  });
});

describe('who sees and changes whom', () => {
  it('a centre-limited manager sees colleagues of their centres and those of every centre, and changes only their own centre’s', async () => {
    const o = await ctx.newOrganisation();
    const [a, b] = o.centers.map((c) => c.id) as [string, string];
    const inA = await o.newUser({ role: 'frontdesk', centerIds: [a] });
    const inB = await o.newUser({ role: 'frontdesk', centerIds: [b] });
    const both = await o.newUser({ role: 'trainer', centerIds: [a, b] });
    const everywhere = await o.newUser({ role: 'accountant' });
    const me = await o.newUser({ role: 'manager', centerIds: [a] });
    const h = ctx.bearer(await me.login());

    const seen = (await req('GET', '/pro/staff?pageSize=200', h)).json();
    expect(seen.items.map((s: { id: string }) => s.id).sort()).toEqual([inA.id, both.id, everywhere.id, me.id].sort());
    expect((await req('GET', `/pro/staff/${inB.id}`, h)).statusCode).toBe(404);
    expect((await req('PATCH', `/pro/staff/${inB.id}`, h, { fullName: 'x' })).statusCode).toBe(404);

    expect((await req('PATCH', `/pro/staff/${inA.id}`, h, { phone: '5555 1234' })).statusCode).toBe(200);
    expect((await req('PATCH', `/pro/staff/${everywhere.id}`, h, { phone: '5555 1234' })).statusCode).toBe(403);
    expect((await req('PATCH', `/pro/staff/${both.id}`, h, { phone: '5555 1234' })).statusCode).toBe(403);

    const all = await req('POST', '/pro/staff', h, { fullName: 'Roamer', email: newEmail(), role: 'trainer' });
    expect(all.statusCode).toBe(403);
    expect(all.json().fields[0].path).toBe('allCenters');
    const elsewhere = await req('POST', '/pro/staff', h, {
      fullName: 'Elsewhere',
      email: newEmail(),
      role: 'trainer',
      allCenters: false,
      centerIds: [b],
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().fields[0].path).toBe('centerIds');
    const local = await req('POST', '/pro/staff', h, {
      fullName: 'Local',
      email: newEmail(),
      role: 'trainer',
      allCenters: false,
      centerIds: [a, a],
      sendInvite: false,
    });
    expect(local.statusCode).toBe(201);
    expect(local.json()).toMatchObject({ allCenters: false, centerIds: [a] });
    expect((await req('PATCH', `/pro/staff/${inA.id}`, h, { centerIds: [a, b] })).statusCode).toBe(404);
  });

  it('centres given to a staff member limit what they see from their next request', async () => {
    const user = await org.newUser({ role: 'manager' });
    const h = ctx.bearer(await user.login());
    expect((await req('GET', '/pro/centers', h)).json().total).toBe(2);
    const res = await req('PATCH', `/pro/staff/${user.id}`, admin, { allCenters: false, centerIds: [centerB] });
    expect(res.json()).toMatchObject({ allCenters: false, centerIds: [centerB] });
    expect((await req('GET', '/pro/centers', h)).json().items.map((c: { id: string }) => c.id)).toEqual([centerB]);
    await req('PATCH', `/pro/staff/${user.id}`, admin, { allCenters: true });
    expect((await req('GET', '/pro/centers', h)).json().total).toBe(2);
    expect((await req('GET', `/pro/staff/${user.id}`, admin)).json().centerIds).toEqual([]);
  });

  it('another organisation’s staff are invisible and untouchable', async () => {
    const s = await createStaff(admin);
    const outsider = ctx.bearer(await (await (await ctx.newOrganisation()).newUser({ role: 'admin' })).login());
    expect((await req('GET', `/pro/staff/${s.id}`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/pro/staff/${s.id}`, outsider, { fullName: 'Mine' })).statusCode).toBe(404);
    expect((await req('POST', `/pro/staff/${s.id}/deactivate`, outsider)).statusCode).toBe(404);
    expect((await req('POST', `/pro/staff/${s.id}/invite`, outsider)).statusCode).toBe(404);
    expect((await req('POST', `/pro/staff/${s.id}/cards`, outsider, { number: 'OUT001' })).statusCode).toBe(404);
    expect((await req('GET', '/pro/staff?pageSize=200', outsider)).body).not.toContain(s.id);
    expect((await req('GET', `/pro/staff/${s.id}`, admin)).json().fullName).toBe('Wong Ka Ho');
  });
});

describe('staff list', () => {
  it('finds by part of the name, the e-mail or the phone however it is typed, and filters', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const a = o.centers[0]!.id;
    const coach = await createStaff(h, { fullName: 'Lam Tai Man', phone: '9876 5432', role: 'trainer' });
    const desk = await createStaff(h, {
      fullName: 'Ho Wing',
      email: `desk-${Date.now()}@harbour.test`,
      allCenters: false,
      centerIds: [a],
    });
    const ids = async (qs: string) =>
      (await req('GET', `/pro/staff?${qs}`, h)).json().items.map((s: { id: string }) => s.id);
    // Two words: a test organisation's generated initial (in its users' e-mail) may hold "tai" alone.
    expect(await ids(`keyword=${encodeURIComponent('tai man')}`)).toEqual([coach.id]);
    expect(await ids('keyword=harbour')).toEqual([desk.id]);
    expect(await ids(`keyword=${encodeURIComponent('987-654')}`)).toEqual([coach.id]);
    expect(await ids('role=trainer')).toEqual([coach.id]);
    expect(await ids('isTrainer=true')).toEqual([coach.id]);
    expect(await ids(`centerId=${o.centers[1]!.id}&role=frontdesk`)).toEqual([]);
    expect(await ids(`centerId=${a}&role=frontdesk`)).toEqual([desk.id]);
    const sorted = (await req('GET', '/pro/staff?sort=-name&pageSize=2', h)).json();
    expect(sorted.total).toBe(3);
    expect(sorted.items.map((s: { fullName: string }) => s.fullName)).toEqual(['Lam Tai Man', 'Ho Wing']);
  });

  it('exports as CSV and XLSX', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    await createStaff(h, { fullName: '陳大文', role: 'trainer' });
    const csv = await req('GET', '/pro/staff/export?format=csv&role=trainer', h);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv);
    expect(lines[0]).toBe('Name,E-mail,Phone,Role,Trainer,All centres,Centres,Card,Account,Last sign-in,Created');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^陳大文,.*,trainer,yes,yes,0,,invited,,/);
    const xlsx = await req('GET', '/pro/staff/export?format=xlsx', h);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
  });
});
