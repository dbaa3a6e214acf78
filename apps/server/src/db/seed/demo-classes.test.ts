import { DEMO_INITIAL, DEMO_PASSWORD } from '@gym/contract/demo';
import { addDays, today } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/db-snapshot.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemo } from './demo.ts';
import { seedDemoClasses } from './demo-classes.ts';

let ctx: TestContext;
let headers: Record<string, string> = {};
let cwbToday = '';
let centres: { id: string; code: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.database.db, ctx.deps.hasher);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/login',
    payload: { email: 'frontdesk@demo.fit', password: DEMO_PASSWORD },
  });
  headers = { authorization: `Bearer ${login.json().accessToken}` };
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

const api = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/pro${url}`, headers });

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
