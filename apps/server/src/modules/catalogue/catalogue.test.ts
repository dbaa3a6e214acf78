import { ROLES, type Role } from '@gym/contract/acl';
import { addDays, today } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, entitlementState, entitlements } from '../../db/schema/index.ts';
import { csvLines, xlsxSheet } from '../../test/exports.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { refusedCodes, refusedPaths } from '../../test/refusals.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;

beforeAll(async () => ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation()));
afterAll(() => ctx?.close());

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);
const names = (body: { items: { name: string }[] }) => body.items.map((r) => r.name);
const login = async (o: TestOrganisation, role: Role, centerIds?: string[]) =>
  ctx.bearer(await (await o.newUser({ role, centerIds })).login());

const monthly = (over: Record<string, unknown> = {}) => ({
  name: 'Monthly',
  durationValue: 1,
  durationUnit: 'month',
  allCenters: true,
  centerIds: [],
  price: 50_000,
  ...over,
});
const tenClasses = (over: Record<string, unknown> = {}) => ({
  name: '10 classes',
  usage: 'class',
  credits: 10,
  validityDays: 90,
  allCenters: true,
  centerIds: [],
  price: 120_000,
  ...over,
});

async function created(headers: Headers, path: string, body: unknown) {
  const res = await req('POST', path, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string } & Record<string, unknown>;
}

describe('membership plans', () => {
  it('creates a plan with defaults and lists, finds, filters and sorts it', async () => {
    const plan = await created(manager, '/membership-plans', monthly({ name: ' Gold Monthly ', taxRateBp: 770 }));
    expect(plan).toMatchObject({
      name: 'Gold Monthly',
      durationValue: 1,
      durationUnit: 'month',
      allCenters: true,
      centers: [],
      price: 50_000,
      taxRateBp: 770,
      maxFreezes: 0,
      maxFreezeDays: 0,
      freezeFee: 0,
      startRule: 'on_sale',
      active: true,
      description: null,
    });
    await created(
      manager,
      '/membership-plans',
      monthly({ name: 'Yearly', durationValue: 1, durationUnit: 'year', price: 480_000 }),
    );
    await created(
      manager,
      '/membership-plans',
      monthly({
        name: 'Day pass B',
        durationValue: 1,
        durationUnit: 'day',
        allCenters: false,
        centerIds: [centerB],
        price: 8_000,
      }),
    );
    expect((await req('GET', `/membership-plans/${plan.id}`, manager)).json()).toEqual(plan);
    expect(names((await req('GET', '/membership-plans?keyword=gold', manager)).json())).toEqual(['Gold Monthly']);
    expect(names((await req('GET', '/membership-plans?durationUnit=year', manager)).json())).toEqual(['Yearly']);
    expect(names((await req('GET', `/membership-plans?centerId=${centerA}`, manager)).json())).toEqual([
      'Gold Monthly',
      'Yearly',
    ]);
    expect(names((await req('GET', '/membership-plans?sort=-duration', manager)).json())).toEqual([
      'Yearly',
      'Gold Monthly',
      'Day pass B',
    ]);
    const page = (await req('GET', '/membership-plans?sort=price&pageSize=2&page=2', manager)).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(page)).toEqual(['Yearly']);
    const b = (await req('GET', `/membership-plans?centerId=${centerB}&keyword=day`, manager)).json();
    expect(b.items[0].centers).toEqual([{ id: centerB, code: org.centers[1]!.code, name: expect.any(String) }]);
  });

  it('deactivates and reactivates with PATCH active; the status filter follows', async () => {
    const plan = await created(manager, '/membership-plans', monthly({ name: 'Quarterly', durationValue: 3 }));
    const off = await req('PATCH', `/membership-plans/${plan.id}`, manager, { active: false });
    expect(off.json()).toMatchObject({ active: false, price: 50_000 });
    expect(names((await req('GET', '/membership-plans?status=inactive', manager)).json())).toEqual(['Quarterly']);
    expect(names((await req('GET', '/membership-plans?status=active', manager)).json())).not.toContain('Quarterly');
    expect((await req('PATCH', `/membership-plans/${plan.id}`, manager, { active: true })).json().active).toBe(true);
  });

  it('keeps names unique in the organisation whatever the case, deactivated plans included', async () => {
    const plan = await created(manager, '/membership-plans', monthly({ name: 'Student' }));
    await req('PATCH', `/membership-plans/${plan.id}`, manager, { active: false });
    const dup = await req('POST', '/membership-plans', manager, monthly({ name: 'STUDENT', centerIds: [] }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'name_taken',
      fields: [{ path: 'name', code: 'name_taken' }],
      details: { id: plan.id, active: false },
    });
    const other = await created(manager, '/membership-plans', monthly({ name: 'Senior' }));
    const rename = await req('PATCH', `/membership-plans/${other.id}`, manager, { name: 'student', price: 1 });
    expect(rename.statusCode).toBe(409);
    // Nothing of the refused change was kept.
    expect((await req('GET', `/membership-plans/${other.id}`, manager)).json()).toMatchObject({
      name: 'Senior',
      price: 50_000,
    });
    // Another organisation may use the same name.
    const o = await ctx.newOrganisation();
    await created(await login(o, 'admin'), '/membership-plans', monthly({ name: 'Student' }));
  });

  it('names every wrong field, and checks coverage and freeze rules', async () => {
    const bad = await req('POST', '/membership-plans', manager, {
      name: '',
      durationValue: 0,
      durationUnit: 'week',
      allCenters: 'yes',
      centerIds: ['x'],
      price: 12.5,
      taxRateBp: 10_001,
      colour: 'red',
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'durationValue',
        'durationUnit',
        'allCenters',
        'centerIds.0',
        'price',
        'taxRateBp',
        'colour',
      ]),
    );
    const tooLong = await req('POST', '/membership-plans', manager, monthly({ name: 'Long', durationValue: 3661 }));
    expect(tooLong.json().fields[0].path).toBe('durationValue');
    const none = await req('POST', '/membership-plans', manager, monthly({ name: 'Nowhere', allCenters: false }));
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([expect.objectContaining({ path: 'centerIds', code: 'centers_required' })]);
    const freeze = await req(
      'POST',
      '/membership-plans',
      manager,
      monthly({ name: 'Ice', maxFreezeDays: 10, freezeFee: 100 }),
    );
    expect(freeze.statusCode).toBe(400);
    expect(refusedCodes(freeze)).toEqual(['freeze_days_without_freezes', 'freeze_fee_without_freezes']);
    const ok = await created(
      manager,
      '/membership-plans',
      monthly({ name: 'Ice', maxFreezes: 2, maxFreezeDays: 30, freezeFee: 5000 }),
    );
    // Taking the freezes away while days remain is refused on the merged plan.
    const patch = await req('PATCH', `/membership-plans/${ok.id}`, manager, { maxFreezes: 0 });
    expect(patch.statusCode).toBe(400);
    expect(refusedPaths(patch)).toEqual(['freezeFee', 'maxFreezeDays']);
    const listedNone = await req('PATCH', `/membership-plans/${ok.id}`, manager, { allCenters: false });
    expect(listedNone.json().fields[0]).toMatchObject({ path: 'centerIds', code: 'centers_required' });
    expect((await req('GET', `/membership-plans/${ok.id}`, manager)).json()).toMatchObject({
      maxFreezes: 2,
      allCenters: true,
    });
  });

  it('refuses a centre of another organisation (404 naming centerIds) and a closed centre (422)', async () => {
    const o = await ctx.newOrganisation();
    const res = await req(
      'POST',
      '/membership-plans',
      manager,
      monthly({ name: 'Elsewhere', allCenters: false, centerIds: [o.centers[0]!.id] }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0].path).toBe('centerIds');
    const other = await ctx.newOrganisation();
    const admin = await login(other, 'admin');
    await req('POST', `/centers/${other.centers[1]!.id}/deactivate`, admin);
    const closed = await req(
      'POST',
      '/membership-plans',
      admin,
      monthly({ allCenters: false, centerIds: [other.centers[1]!.id] }),
    );
    expect(closed.statusCode).toBe(422);
  });
});

describe('credit packages', () => {
  it('creates class, PT and rental packages; filters by usage and availability', async () => {
    const o = await ctx.newOrganisation();
    const h = await login(o, 'manager');
    const pack = await created(h, '/packages', tenClasses());
    expect(pack).toMatchObject({
      usage: 'class',
      credits: 10,
      validityDays: 90,
      available: true,
      active: true,
      taxRateBp: 0,
    });
    await created(h, '/packages', tenClasses({ name: 'PT 5', usage: 'pt', credits: 5, price: 300_000 }));
    await created(
      h,
      '/packages',
      tenClasses({
        name: 'Room hours',
        usage: 'rental',
        credits: 20,
        available: false,
        allCenters: false,
        centerIds: [o.centers[0]!.id],
      }),
    );
    expect(names((await req('GET', '/packages?usage=rental', h)).json())).toEqual(['Room hours']);
    expect(names((await req('GET', '/packages?available=false', h)).json())).toEqual(['Room hours']);
    expect(names((await req('GET', '/packages?available=true&sort=-price', h)).json())).toEqual(['PT 5', '10 classes']);
    expect(names((await req('GET', `/packages?centerId=${o.centers[1]!.id}`, h)).json())).toEqual([
      '10 classes',
      'PT 5',
    ]);
    const changed = await req('PATCH', `/packages/${pack.id}`, h, { price: 99_900, available: false, credits: 12 });
    expect(changed.json()).toMatchObject({ price: 99_900, available: false, credits: 12 });
    const bad = await req(
      'POST',
      '/packages',
      h,
      tenClasses({ name: 'Bad', usage: 'spa', credits: 10_001, validityDays: 0 }),
    );
    expect(refusedPaths(bad)).toEqual(['credits', 'usage', 'validityDays']);
    expect((await req('POST', '/packages', h, tenClasses({ name: '10 CLASSES' }))).statusCode).toBe(409);
  });
});

describe('short courses', () => {
  it('belong to one centre, unique by name there, and keep their centre', async () => {
    const o = await ctx.newOrganisation();
    const h = await login(o, 'manager');
    const [a, b] = o.centers as [{ id: string; code: string }, { id: string; code: string }];
    const course = await created(h, '/short-courses', {
      centerId: a.id,
      name: 'Swim kids',
      sessions: 8,
      capacity: 10,
      startsOn: '2030-01-05',
      price: 160_000,
    });
    expect(course).toMatchObject({
      center: { id: a.id, code: a.code },
      sessions: 8,
      capacity: 10,
      startsOn: '2030-01-05',
    });
    expect(
      (
        await req('POST', '/short-courses', h, {
          centerId: a.id,
          name: 'SWIM kids',
          sessions: 1,
          capacity: 1,
          price: 0,
        })
      ).statusCode,
    ).toBe(409);
    await created(h, '/short-courses', { centerId: b.id, name: 'Swim kids', sessions: 4, capacity: 6, price: 90_000 });
    expect(names((await req('GET', `/short-courses?centerId=${b.id}`, h)).json())).toEqual(['Swim kids']);
    expect(
      (await req('GET', '/short-courses?sort=-sessions', h)).json().items.map((c: { sessions: number }) => c.sessions),
    ).toEqual([8, 4]);
    const move = await req('PATCH', `/short-courses/${course.id}`, h, { centerId: b.id });
    expect(move.statusCode).toBe(400);
    expect(
      (await req('PATCH', `/short-courses/${course.id}`, h, { active: false, capacity: 12 })).json(),
    ).toMatchObject({ active: false, capacity: 12 });
    const bad = await req('POST', '/short-courses', h, {
      centerId: a.id,
      name: 'X',
      sessions: 501,
      capacity: 0,
      price: -1,
      startsOn: '2030-02-30',
    });
    expect(refusedPaths(bad)).toEqual(['capacity', 'price', 'sessions', 'startsOn']);
  });
});

describe('permissions and visibility', () => {
  it('every gym role reads; only managers and admins create and change', async () => {
    const o = await ctx.newOrganisation();
    const admin = await login(o, 'admin');
    const plan = await created(admin, '/membership-plans', monthly());
    for (const role of ROLES) {
      const h = await login(o, role);
      const list = await req('GET', '/membership-plans', h);
      const write = await req('PATCH', `/membership-plans/${plan.id}`, h, { price: 1 });
      const add = await req('POST', '/packages', h, tenClasses({ name: `P ${role}` }));
      const mayWrite = role === 'admin' || role === 'developer' || role === 'manager';
      expect([role, list.statusCode]).toEqual([role, role === 'client' ? 403 : 200]);
      expect([role, write.statusCode]).toEqual([role, mayWrite ? 200 : 403]);
      expect([role, add.statusCode]).toEqual([role, mayWrite ? 201 : 403]);
    }
  });

  it('staff limited to some centres see items of every centre or one of theirs, and change only their own', async () => {
    const o = await ctx.newOrganisation();
    const [a, b] = o.centers.map((c) => c.id) as [string, string];
    const admin = await login(o, 'admin');
    const everywhere = await created(admin, '/packages', tenClasses({ name: 'Everywhere' }));
    const onlyA = await created(admin, '/packages', tenClasses({ name: 'Only A', allCenters: false, centerIds: [a] }));
    const onlyB = await created(admin, '/packages', tenClasses({ name: 'Only B', allCenters: false, centerIds: [b] }));
    const both = await created(
      admin,
      '/packages',
      tenClasses({ name: 'A and B', allCenters: false, centerIds: [a, b] }),
    );
    const courseB = await created(admin, '/short-courses', {
      centerId: b,
      name: 'B course',
      sessions: 2,
      capacity: 2,
      price: 0,
    });
    await created(admin, '/short-courses', { centerId: a, name: 'A course', sessions: 2, capacity: 2, price: 0 });
    const local = await login(o, 'manager', [a]);
    expect(names((await req('GET', '/packages', local)).json())).toEqual(['A and B', 'Everywhere', 'Only A']);
    expect((await req('GET', `/packages/${onlyB.id}`, local)).statusCode).toBe(404);
    expect((await req('GET', `/packages/${onlyB.id}/holders`, local)).statusCode).toBe(404);
    expect((await req('PATCH', `/packages/${onlyB.id}`, local, { price: 1 })).statusCode).toBe(404);
    expect(names((await req('GET', '/short-courses', local)).json())).toEqual(['A course']);
    expect((await req('GET', `/short-courses/${courseB.id}`, local)).statusCode).toBe(404);
    expect((await req('PATCH', `/short-courses/${courseB.id}`, local, { price: 1 })).statusCode).toBe(404);
    expect(
      (await req('POST', '/short-courses', local, { centerId: b, name: 'Sneaky', sessions: 1, capacity: 1, price: 0 }))
        .statusCode,
    ).toBe(404);
    // Their own centre's item is theirs to change; one also sold elsewhere, or everywhere, is not.
    expect((await req('PATCH', `/packages/${onlyA.id}`, local, { price: 1 })).statusCode).toBe(200);
    expect((await req('PATCH', `/packages/${both.id}`, local, { price: 1 })).statusCode).toBe(403);
    expect((await req('PATCH', `/packages/${everywhere.id}`, local, { price: 1 })).statusCode).toBe(403);
    const wide = await req('POST', '/packages', local, tenClasses({ name: 'Wide' }));
    expect(wide.statusCode).toBe(422);
    expect(wide.json().fields[0]).toMatchObject({ path: 'allCenters', code: 'all_centers_needs_every_centre' });
    expect(
      (await req('POST', '/packages', local, tenClasses({ name: 'Wide', allCenters: false, centerIds: [a, b] })))
        .statusCode,
    ).toBe(404);
    expect((await req('GET', `/packages/${both.id}`, admin)).json().price).toBe(120_000);
  });

  it('another organisation’s items are invisible and untouchable', async () => {
    const plan = await created(manager, '/membership-plans', monthly({ name: 'Private' }));
    const pack = await created(manager, '/packages', tenClasses({ name: 'Private pack' }));
    const outsider = await login(await ctx.newOrganisation(), 'admin');
    for (const path of [`/membership-plans/${plan.id}`, `/packages/${pack.id}`]) {
      expect((await req('GET', path, outsider)).statusCode).toBe(404);
      expect((await req('GET', `${path}/holders`, outsider)).statusCode).toBe(404);
      expect((await req('PATCH', path, outsider, { name: 'Taken' })).statusCode).toBe(404);
    }
    expect((await req('GET', '/membership-plans', outsider)).json().total).toBe(0);
    expect((await req('GET', `/membership-plans/${plan.id}`, manager)).json().name).toBe('Private');
  });
});

describe('export', () => {
  it('exports the filtered list as CSV and XLSX', async () => {
    const o = await ctx.newOrganisation();
    const admin = await login(o, 'admin');
    const desk = await login(o, 'frontdesk');
    await created(admin, '/membership-plans', monthly({ name: '=HYPERLINK("x")' }));
    await created(admin, '/membership-plans', monthly({ name: 'Yearly', durationUnit: 'year', price: 480_000 }));
    const csv = await req('GET', '/membership-plans/export?format=csv', desk);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv);
    expect(lines[0]).toMatch(/^Name,Duration,Unit,Centres,Price \(minor units\)/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`'=HYPERLINK`);
    const xlsx = await req('GET', '/membership-plans/export?format=xlsx&durationUnit=year', desk);
    const sheet = await xlsxSheet(xlsx);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Yearly');
    expect(sheet.getRow(2).getCell(5).value).toBe(480_000);
    for (const path of ['/packages/export?format=csv', '/short-courses/export?format=xlsx']) {
      expect((await req('GET', path, desk)).statusCode).toBe(200);
    }
  });
});

describe('holders', () => {
  it('lists everyone a plan or package was sold to with the derived status, paged and filtered', async () => {
    const o = await ctx.newOrganisation();
    const admin = await login(o, 'admin');
    const [a, b] = o.centers.map((c) => c.id) as [string, string];
    const plan = await created(admin, '/membership-plans', monthly());
    const pack = await created(admin, '/packages', tenClasses());
    const { db } = ctx.database;
    const [centre] = await db.select({ tz: centers.timeZone }).from(centers).where(sql`${centers.id} = ${a}`);
    const day = today(centre!.tz);
    let n = 0;
    async function sold(
      item: { kind: 'membership' | 'package'; id: string },
      state: Partial<typeof entitlementState.$inferInsert>,
      homeCenterId = a,
    ) {
      n += 1;
      const m = await o.newMember({ firstName: `Holder${n}`, lastName: 'Chan', homeCenterId });
      const [e] = await db
        .insert(entitlements)
        .values({
          organisationId: o.id,
          memberId: m.id,
          kind: item.kind,
          itemId: item.id,
          name: 'snapshot',
          allCenters: true,
          centerId: homeCenterId,
          durationValue: 1,
          durationUnit: 'month',
          createdAt: new Date(Date.now() + n * 1000),
        })
        .returning();
      await db.insert(entitlementState).values({
        entitlementId: e!.id,
        organisationId: o.id,
        memberId: m.id,
        phase: 'active',
        validFrom: addDays(day, -10),
        validUntil: addDays(day, 20),
        lastSeq: 1,
        ...state,
      });
      return m;
    }
    const membership = { kind: 'membership' as const, id: plan.id };
    const active = await sold(membership, {});
    await sold(membership, { frozen: true });
    await sold(membership, { validUntil: addDays(day, -1) });
    const lastDay = await sold(membership, { validUntil: day });
    await sold(membership, { phase: 'pending', validFrom: null, validUntil: null });
    await sold(membership, { phase: 'expired' });
    await sold(membership, { phase: 'refunded' }, b);
    const packItem = { kind: 'package' as const, id: pack.id };
    await sold(packItem, { creditsGranted: 10, creditsLeft: 0 });
    const left = await sold(packItem, { creditsGranted: 10, creditsLeft: 7 });

    const all = (await req('GET', `/membership-plans/${plan.id}/holders?pageSize=50`, admin)).json();
    expect(all.total).toBe(7);
    const byName = Object.fromEntries(
      all.items.map((h: { member: { firstName: string }; status: string }) => [h.member.firstName, h.status]),
    );
    expect(byName).toEqual({
      Holder1: 'active',
      Holder2: 'frozen',
      Holder3: 'expired',
      Holder4: 'active', // the last day is still a day of the membership
      Holder5: 'pending',
      Holder6: 'expired',
      Holder7: 'refunded',
    });
    expect(all.items[0].member.firstName).toBe('Holder7'); // newest sale first
    const daysLeft = Object.fromEntries(
      all.items.map((h: { member: { firstName: string }; daysLeft: number | null }) => [
        h.member.firstName,
        h.daysLeft,
      ]),
    );
    expect(daysLeft).toMatchObject({ Holder1: 21, Holder3: 0, Holder4: 1, Holder5: null });
    const expired = (await req('GET', `/membership-plans/${plan.id}/holders?status=expired`, admin)).json();
    expect(expired.total).toBe(2);
    const page = (
      await req('GET', `/membership-plans/${plan.id}/holders?status=active&pageSize=1&page=2`, admin)
    ).json();
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items[0].member.id).toBe(active.id);
    expect(
      (await req('GET', `/membership-plans/${plan.id}/holders?keyword=${lastDay.code}`, admin)).json().items,
    ).toHaveLength(1);

    const packs = (await req('GET', `/packages/${pack.id}/holders`, admin)).json();
    expect(packs.items.map((h: { status: string; creditsLeft: number }) => [h.status, h.creditsLeft])).toEqual([
      ['active', 7],
      ['used_up', 0],
    ]);
    expect(packs.items[0]).toMatchObject({
      member: { id: left.id, code: left.code },
      center: { id: a },
      creditsGranted: 10,
    });
    // A package's holders are not the plan's: the item id and kind both match.
    expect((await req('GET', `/packages/${plan.id}/holders`, admin)).statusCode).toBe(404);

    // Staff of centre A see the holders whose member file they may open.
    const local = await login(o, 'frontdesk', [a]);
    expect((await req('GET', `/membership-plans/${plan.id}/holders`, local)).json().total).toBe(6);
    // A new price changes nothing of what was sold.
    await req('PATCH', `/membership-plans/${plan.id}`, admin, { price: 1, durationValue: 2 });
    expect((await req('GET', `/membership-plans/${plan.id}/holders?pageSize=50`, admin)).json().items).toEqual(
      all.items,
    );
  });
});
