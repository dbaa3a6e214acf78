/**
 * The demo organisation, seeded once for all its checks (the whole demo with its year of sales takes
 * seconds: one seed, not one per topic): members and the door, sales, expenditures, the timetable
 * with bookings, rental, personal training and the short course. The check that seeds a second
 * timetable on top runs last.
 */
import { DEMO_INITIAL, DEMO_PASSWORD, DEMO_READER_SECRET } from '@gym/contract/demo';
import { normaliseKeyword } from '@gym/contract/search';
import { addDays, today, zonedInstant } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateReader } from '../modules/readers/verify-secret.ts';
import { rowsOf } from '../test/db-snapshot.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { seedDemo } from './demo.ts';
import { seedDemoClasses } from './demo-classes.ts';
import { DEMO_COURSE, firstCourseDay } from './demo-course.ts';
import { DEMO_MEMBER_COUNT } from './demo-members.ts';
import { generatedCardNumber, generateMembers } from './member-generator.ts';

let ctx: TestContext;
let orgId = '';
let seedMs = 0;
let headers: Record<string, string> = {};
let accountant: { authorization: string };
let cwbToday = '';
let centres: { id: string; code: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const started = performance.now();
  await seedDemo(ctx.database.db, ctx.deps.hasher);
  seedMs = performance.now() - started;
  const [org] = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`select id from organisations where initial = ${DEMO_INITIAL}`),
  );
  orgId = org!.id;
  const login = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/jwt/login', payload: { email, password: DEMO_PASSWORD } });
  headers = { authorization: `Bearer ${(await login('frontdesk@demo.fit')).json().accessToken}` };
  accountant = ctx.bearer((await login('accountant@demo.fit')).json());
  centres = rowsOf<{ id: string; code: string; time_zone: string }>(
    await ctx.database.db.execute(
      sql`select c.id, c.code, c.time_zone from centers c join organisations o on o.id = c.organisation_id where o.initial = ${DEMO_INITIAL} order by c.code`,
    ),
  ).map((c) => {
    if (c.code === 'CWB') cwbToday = today(c.time_zone);
    return c;
  });
  // The whole demo, with its year of sales, is seeded here: longer than the default hook time on a busy machine.
}, 180_000);
afterAll(() => ctx?.close());

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(q));
const api = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/pro${url}`, headers });

describe('demo members', () => {
  it('seeds the demo organisation with members in both centres, most with a card', async () => {
    console.log(`[${ctx.database.kind}] demo seed with ${DEMO_MEMBER_COUNT} members: ${Math.round(seedMs)} ms`);
    const [totals] = await query<{ n: number; cards: number; emails: number; chinese: number; fresh: number }>(sql`
      select count(*)::int as n,
             count(*) filter (where exists (select 1 from cards c where c.member_id = m.id))::int as cards,
             count(m.email)::int as emails, count(m.chinese_name)::int as chinese,
             count(*) filter (where m.is_new)::int as fresh
      from members m where m.organisation_id = ${orgId}`);
    expect(totals!.n).toBeGreaterThanOrEqual(300);
    expect(totals!.cards / totals!.n).toBeGreaterThan(0.6);
    expect(totals!.emails / totals!.n).toBeGreaterThan(0.7);
    expect(totals!.chinese).toBeGreaterThan(50);
    expect(totals!.fresh).toBeGreaterThan(0);

    const perCenter = await query<{ code: string; n: number }>(sql`
      select c.code, count(*)::int as n from members m join centers c on c.id = m.home_center_id
      where m.organisation_id = ${orgId} group by c.code order by c.code`);
    expect(perCenter.map((r) => r.code)).toEqual(['CWB', 'MK']);
    expect(perCenter.every((r) => r.n > 100)).toBe(true);

    const statuses = await query<{ status: string }>(
      sql`select distinct status from members where organisation_id = ${orgId} order by status`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['active', 'frozen', 'left', 'prospect']);
    const [groups] = await query<{ n: number }>(
      sql`select count(distinct group_id)::int as n from member_group_members where organisation_id = ${orgId}`,
    );
    expect(groups!.n).toBeGreaterThan(1);
    // Phones are Hong Kong mobiles, stored in E.164 as the API stores them; codes follow the organisation's pattern and its counter.
    const [bad] = await query<{ n: number }>(
      sql`select count(*)::int as n from members where organisation_id = ${orgId} and phone !~ '^\\+852[569][0-9]{7}$'`,
    );
    expect(bad!.n).toBe(0);
    const [seq] = await query<{ member_seq: number }>(sql`select member_seq from organisations where id = ${orgId}`);
    expect(seq!.member_seq).toBe(totals!.n);
  });

  it('has 陳大文 (Chan Tai Man) with phone 91234567 and card 0001234567 at CWB', async () => {
    const rows = await query<Record<string, string>>(sql`
      select m.code, m.first_name, m.last_name, m.chinese_name, m.phone, c.code as center,
             (select string_agg(number, ',') from cards where member_id = m.id and status = 'active') as cards
      from members m join centers c on c.id = m.home_center_id
      where m.organisation_id = ${orgId} and m.chinese_name = '陳大文'`);
    expect(rows).toEqual([
      {
        code: 'DF000001',
        first_name: 'Tai Man',
        last_name: 'Chan',
        chinese_name: '陳大文',
        phone: '+85291234567',
        center: 'CWB',
        cards: '0001234567',
      },
    ]);
    for (const keyword of ['大文', '9123 4567', '+852 9123 4567', '0001234567']) {
      const hits = await query<{ chinese_name: string }>(sql`
        select chinese_name from members
        where organisation_id = ${orgId} and search_text like ${`%${normaliseKeyword(keyword)}%`}`);
      expect(hits.map((h) => h.chinese_name)).toContain('陳大文');
    }
    const [others] = await query<{ n: number }>(sql`
      select count(*)::int as n from members
      where organisation_id = ${orgId} and (phone = '+85291234567' or chinese_name = '陳大文')`);
    expect(others!.n).toBe(1);
  });

  it('has the door loop’s readers: DEMO-READER-1 at CWB and DEMO-READER-2 at MK, their secret stored hashed', async () => {
    const rows = await query<{ sn: string; code: string; secret_hash: string }>(sql`
      select r.sn, c.code, r.secret_hash from readers r join centers c on c.id = r.center_id
      where r.organisation_id = ${orgId} order by r.sn`);
    expect(rows.map((r) => [r.sn, r.code])).toEqual([
      ['DEMO-READER-1', 'CWB'],
      ['DEMO-READER-2', 'MK'],
    ]);
    for (const r of rows) expect(r.secret_hash).not.toContain(DEMO_READER_SECRET);
    const reader = await authenticateReader(ctx.database.db, { sn: 'DEMO-READER-1', secret: DEMO_READER_SECRET });
    expect(reader).toMatchObject({ organisationId: orgId, sn: 'DEMO-READER-1' });
  });

  it('gives each demo centre three rooms (and CWB its pool) and makes the demo trainer a trainer', async () => {
    const rooms = await query<{ code: string; n: number }>(sql`
      select c.code, count(r.id)::int as n from centers c left join rooms r on r.center_id = c.id and r.active
      where c.organisation_id = ${orgId} group by c.code order by c.code`);
    expect(rooms).toEqual([
      { code: 'CWB', n: 4 },
      { code: 'MK', n: 3 },
    ]);
    const trainers = await query<{ email: string }>(
      sql`select email from users where organisation_id = ${orgId} and is_trainer order by email`,
    );
    expect(trainers.map((t) => t.email)).toEqual(['trainer@demo.fit']);
    const countries = await query<{ country: string }>(
      sql`select distinct country from centers where organisation_id = ${orgId}`,
    );
    expect(countries).toEqual([{ country: 'HK' }]);
  });

  it('generates the same people from the same seed, with unique card numbers', () => {
    const centers = [{ id: 'c1', code: 'X' }];
    const now = new Date('2025-01-01T00:00:00Z');
    const a = generateMembers(2_000, { seed: 7, centers, now });
    const b = generateMembers(2_000, { seed: 7, centers, now });
    expect(a).toEqual(b);
    const cards = new Set(Array.from({ length: 200_000 }, (_, i) => generatedCardNumber(i)));
    expect(cards.size).toBe(200_000);
    expect([...cards].every((c) => /^0[1-9]\d{8}$/.test(c))).toBe(true);
  });
});

describe('demo sales', () => {
  it('gives Chan Tai Man an active monthly membership at CWB and a 10-class pack with 7 credits left', async () => {
    console.log(`[${ctx.database.kind}] demo seed with its year of sales: ${Math.round(seedMs)} ms`);
    const [chan] = await query<{ id: string }>(
      sql`select m.id from members m join cards c on c.member_id = m.id where c.number = '0001234567' and m.organisation_id = ${orgId}`,
    );
    const res = await api(`/students/${chan!.id}/entitlements`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      kind: string;
      name: string;
      status: string;
      creditsLeft: number | null;
      center: { code: string };
    }[];
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'membership',
          name: 'Monthly',
          status: 'active',
          center: expect.objectContaining({ code: 'CWB' }),
        }),
        expect.objectContaining({ kind: 'package', name: '10-class pack', status: 'active', creditsLeft: 7 }),
      ]),
    );
  });

  it('has a year of invoices: paid, partly paid with overdue installments, and refunded', async () => {
    const states = await query<{ state: string; n: number }>(
      sql`select state, count(*)::int as n from invoices where organisation_id = ${orgId} group by state order by state`,
    );
    const byState = Object.fromEntries(states.map((s) => [s.state, s.n]));
    expect(byState.paid).toBeGreaterThan(50);
    expect(byState.partly_paid).toBeGreaterThan(0);
    expect((byState.partly_refunded ?? 0) + (byState.refunded ?? 0)).toBeGreaterThan(0);
    const overdue = (await api('/invoices?overdue=true')).json();
    expect(overdue.total).toBeGreaterThan(0);
    const [span] = await query<{ days: number }>(
      sql`select (max(issued_on) - min(issued_on))::int as days from invoices where organisation_id = ${orgId}`,
    );
    expect(span!.days).toBeGreaterThan(300);
    // Invoice numbers run 1..n without a gap.
    const [seq] = await query<{ n: number; max: number }>(
      sql`select count(*)::int as n, max(seq)::int as max from invoices where organisation_id = ${orgId}`,
    );
    expect(seq!.max).toBe(seq!.n);
  });
});

describe('demo door', () => {
  it('has a few days of entries, granted and denied, Chan Tai Man’s last visit, and staff clock-ins', async () => {
    const byResult = await query<{ result: string; n: number }>(
      sql`select result, count(*)::int as n from entries where organisation_id = ${orgId} group by result`,
    );
    const counts = Object.fromEntries(byResult.map((r) => [r.result, r.n]));
    console.log(`[${ctx.database.kind}] demo entries: ${JSON.stringify(counts)}`);
    expect(counts.granted).toBeGreaterThan(10);
    expect(counts.denied).toBeGreaterThan(3);
    const [days] = await query<{ n: number }>(
      sql`select count(distinct business_date)::int as n from entries where organisation_id = ${orgId}`,
    );
    expect(days!.n).toBeGreaterThanOrEqual(4);
    const list = (await api('/entries?reason=unknown_card')).json();
    expect(list.total).toBeGreaterThanOrEqual(4);
    const [chan] = await query<{ id: string }>(
      sql`select m.id from members m join cards c on c.member_id = m.id where c.number = '0001234567' and m.organisation_id = ${orgId}`,
    );
    expect((await api(`/students/${chan!.id}`)).json().lastVisitAt).toEqual(expect.any(String));
    const [clocks] = await query<{ n: number; open: number }>(
      sql`select count(*)::int as n, count(*) filter (where out_at is null)::int as open from staff_attendance where organisation_id = ${orgId}`,
    );
    expect(clocks).toEqual({ n: 8, open: 0 });
  });
});

describe('demo expenditure', () => {
  it('gives both centres three months of costs in the organisation’s categories, none after today', async () => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/pro${url}`, headers: accountant });
    const categories = (await get('/expenditure-categories')).json().items.map((c: { name: string }) => c.name);
    expect(categories).toEqual(expect.arrayContaining(['Rent', 'Utilities', 'Supplies']));
    const list = (await get('/expenditures?pageSize=200')).json();
    expect(list.total).toBe(36);
    const codes = new Set(list.items.map((e: { center: { code: string } }) => e.center.code));
    expect([...codes].sort()).toEqual(['CWB', 'MK']);
    const hkToday = today('Asia/Hong_Kong');
    for (const e of list.items) {
      expect(e.date <= hkToday, e.date).toBe(true);
      expect(Number.isSafeInteger(e.amount)).toBe(true);
    }
    expect(list.totals.amount).toBe(list.items.reduce((s: number, e: { amount: number }) => s + e.amount, 0));
  });
});

describe('demo classes', () => {
  it('gives both centres a weekly timetable with attendance behind and bookings ahead, and a waitlisted class', async () => {
    for (const c of centres) {
      const week = (await api(`/classes?center=${c.id}&from=${cwbToday}&to=${addDays(cwbToday, 6)}`)).json();
      // 18 classes the centre runs; CWB also lets Studio A to an outside teacher on Wednesdays (rental)
      // and runs its swim course on Saturdays (a short course's session).
      const timetable = week.items.filter(
        (i: { mode: string; shortCourse: unknown }) => i.mode === 'in_house' && !i.shortCourse,
      );
      expect(timetable.length, c.code).toBe(18);
      expect(new Set(timetable.map((i: { type: { name: string } }) => i.type.name))).toEqual(
        new Set(['Yoga', 'Spin', 'HIIT', 'Pilates']),
      );
      const past = (
        await api(`/classes?center=${c.id}&from=${addDays(cwbToday, -14)}&to=${addDays(cwbToday, -8)}`)
      ).json();
      expect(
        past.items.some((i: { attended: number }) => i.attended > 0),
        c.code,
      ).toBe(true);
      const ahead = (
        await api(`/classes?center=${c.id}&from=${addDays(cwbToday, 8)}&to=${addDays(cwbToday, 13)}`)
      ).json();
      expect(
        ahead.items.some((i: { booked: number }) => i.booked > 0),
        c.code,
      ).toBe(true);
    }
    const cwb = centres.find((c) => c.code === 'CWB')!;
    const tomorrow = (await api(`/classes?center=${cwb.id}&from=${addDays(cwbToday, 1)}`)).json();
    const full = tomorrow.items.filter((i: { shortCourse: unknown }) => !i.shortCourse)[0];
    expect(full.booked).toBe(full.capacity);
    expect(full.waitlisted).toBe(3);
  });

  it('books Chan Tai Man into a class at CWB tomorrow, on his membership (his pack keeps its 7 credits)', async () => {
    const [chan] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql`select m.id from members m join cards c on c.member_id = m.id where c.number = '0001234567'`,
      ),
    );
    const mine = (await api(`/bookings?member=${chan!.id}&from=${cwbToday}`)).json();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      status: 'booked',
      paidBy: 'membership',
      class: { date: addDays(cwbToday, 1), center: { code: 'CWB' } },
    });
  });
});

describe('demo rental class', () => {
  it('lets Studio A at CWB to Iris Yeung (a client user) weekly, paid off her rental package', async () => {
    const cwb = centres.find((c) => c.code === 'CWB')!;
    const weeks = (await api(`/classes?center=${cwb.id}&from=${cwbToday}&to=${addDays(cwbToday, 50)}`)).json();
    const rented = weeks.items.filter((i: { mode: string }) => i.mode === 'rental');
    expect(rented).toHaveLength(6);
    expect(rented[0]).toMatchObject({
      teacher: { name: 'Iris Yeung' },
      renter: { name: 'Iris Yeung' },
      rentalHours: 1,
      credits: 0,
      startTime: '09:00',
    });
    const ents = (await api(`/students/${rented[0].renter.id}/entitlements`)).json();
    expect(ents.items).toEqual([
      expect.objectContaining({ name: 'Studio rental 10 hours', creditsGranted: 10, creditsLeft: 4 }),
    ]);
  });
});

describe('demo personal training', () => {
  it('gives Chan Tai Man a PT package with three sessions done and two booked, and the trainer working hours', async () => {
    const [chan] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(
        sql`select m.id from members m join cards c on c.member_id = m.id where c.number = '0001234567'`,
      ),
    );
    const sessions = (await api(`/pt-sessions?member=${chan!.id}`)).json();
    expect(sessions.items.map((s: { status: string }) => s.status).sort()).toEqual([
      'booked',
      'booked',
      'completed',
      'completed',
      'completed',
    ]);
    const detail = (await api(`/pt-packages/${sessions.items[0].entitlement.id}`)).json();
    expect(detail).toMatchObject({
      name: 'PT 10 sessions',
      status: 'active',
      credits: { total: 10, used: 3, booked: 2, remaining: 7, bookable: 5 },
    });
    const hours = (await api(`/trainers/${sessions.items[0].trainer.id}/hours`)).json();
    expect(hours.hours).toHaveLength(7);
  });
});

describe('demo short course', () => {
  it('has two or three sessions held, seeded on any day of the week at any hour', () => {
    const zone = 'Asia/Hong_Kong';
    const end = (day: string) => zonedInstant(day, '11:30', zone).getTime(); // a session runs 10:30–11:30
    for (let d = 0; d < 14; d++) {
      const day = addDays('2026-11-21', d);
      for (const time of ['00:00', '10:45', '11:29', '11:31', '23:59']) {
        const now = zonedInstant(day, time, zone).getTime();
        const first = firstCourseDay(day);
        const sessions = Array.from({ length: 8 }, (_, i) => addDays(first, 7 * i));
        const held = sessions.filter((s) => end(s) < now).length;
        expect(held, `${day} ${time}`).toBeGreaterThanOrEqual(2);
        expect(held, `${day} ${time}`).toBeLessThanOrEqual(3);
        expect(new Date(`${first}T00:00:00Z`).getUTCDay()).toBe(DEMO_COURSE.weekday);
      }
    }
  });

  it('runs "Beginner swim (8 weeks)" at CWB on Saturdays: eight sessions, three members, attendance taken', async () => {
    const courses = (await api('/short-courses?keyword=Beginner%20swim')).json();
    expect(courses.items[0]).toMatchObject({ name: 'Beginner swim (8 weeks)', sessions: 8, scheduled: 8, enrolled: 3 });
    const roster = (await api(`/short-courses/${courses.items[0].id}/sessions`)).json();
    expect(roster.sessions.map((s: { number: number }) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(roster.sessions.every((s: { room: { name: string } }) => s.room.name === 'Pool')).toBe(true);
    const past = roster.sessions.filter((s: { endsAt: string }) => new Date(s.endsAt) < new Date()).length;
    expect(past).toBeGreaterThanOrEqual(2);
    expect(past).toBeLessThanOrEqual(3);
    expect(roster.enrolments).toHaveLength(3);
    const marks = roster.enrolments.map((e: { attendance: { status: string }[] }) => e.attendance.map((a) => a.status));
    // Held sessions are marked (one no-show among them); those ahead are booked.
    expect(marks.flat().filter((s: string) => s === 'no_show')).toHaveLength(1);
    for (const row of marks) {
      expect(row.slice(past).every((s: string) => s === 'booked')).toBe(true);
      expect(row.slice(0, past).every((s: string) => s === 'attended' || s === 'no_show')).toBe(true);
    }
  });
});

describe('demo timetable seed', () => {
  it('adds little to the seed: timed on its own', async () => {
    const [org] = rowsOf<{ id: string }>(
      await ctx.database.db.execute(sql`select id from organisations where initial = ${DEMO_INITIAL}`),
    );
    // A second timetable on the same organisation, to measure the classes part alone.
    await ctx.database.db.execute(
      sql`update class_types set name = name || ' (old)' where organisation_id = ${org!.id}`,
    );
    const started = performance.now();
    await ctx.database.db.transaction((tx) => seedDemoClasses(tx, org!.id));
    console.log(`[${ctx.database.kind}] demo classes seed: ${Math.round(performance.now() - started)} ms`);
    const [n] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from bookings where organisation_id = ${org!.id}`),
    );
    expect(Number(n!.n)).toBeGreaterThan(500);
  });
});
