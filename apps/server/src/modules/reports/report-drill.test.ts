/**
 * Every figure of the members, memberships, expiring members, trials, groups, teachers, personal
 * training, class income and short course reports opens the rows it is made of: their number (or
 * the sum of their amount, minutes, credits) is the figure, row by row and for the totals, and
 * nobody sees another organisation's or another centre's rows through them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  centers,
  classes,
  classTypes,
  commissionEntries,
  entitlementLedger,
  entitlementState,
  entitlements,
  entries,
  invoiceLines,
  memberGroupMembers,
  memberGroups,
  members,
  payments,
  ptSessions,
  rooms,
  shortCourses,
} from '../../db/schema/index.ts';
import type { Headers } from '../../test/harness.ts';
import { insertInvoices, type PaymentsTest, startPayments } from '../../test/payments.ts';

/**
 * How a figure is measured on its rows: their number, or the sum of one of their columns; `row`:
 * the figure is not a number of rows (the days left) but its row is one of them, the report's row.
 */
type Measure = 'count' | 'amountMinor' | 'minutes' | 'credits' | 'row';
const FIGURES: Record<string, Record<string, Measure>> = {
  student: { newMembers: 'count', activeMembers: 'count', lostMembers: 'count' },
  membership: { sold: 'count', active: 'count', frozen: 'count', ended: 'count' },
  'membership?by=month': { started: 'count', frozen: 'count', ended: 'count', activeAtEnd: 'count' },
  'report-expire-student': { daysLeft: 'row' },
  trial_and_newjoin: { trials: 'count', newMembers: 'count', prospects: 'count' },
  group: { members: 'count', activeMembers: 'count', amountMinor: 'amountMinor' },
  teacher: { classes: 'count', minutes: 'minutes', booked: 'count', attended: 'count' },
  'personal-training': {
    sessions: 'count',
    completed: 'count',
    noShows: 'count',
    cancelled: 'count',
    commissionMinor: 'amountMinor',
  },
  'class-income': {
    classes: 'count',
    booked: 'count',
    attended: 'count',
    credits: 'credits',
    feesMinor: 'amountMinor',
  },
  'hold-workshop': { sessions: 'count', enrolled: 'count', attended: 'count', soldMinor: 'amountMinor' },
};
const RANGE = 'from=2026-02-01&to=2026-03-31';

interface Report {
  columns: { key: string; drill: string | null }[];
  rows: Record<string, string | number | null>[];
  totals: Record<string, number | null>;
}
interface Drill {
  source: string;
  rows: Record<string, string | number | null>[];
  total: number;
}

describe('the rows behind the figures of the member and class reports', () => {
  let t: PaymentsTest;
  let other: Headers;
  let elsewhere: Headers;
  const get = (url: string, headers: Headers = t.manager) => t.ctx.pro('GET', url, headers);
  /** A report's address: its code, and a grouping after `?` (`membership?by=month`). */
  const address = (name: string) => {
    const [code = '', query] = name.split('?');
    return `${encodeURIComponent(code)}?${RANGE}${query ? `&${query}` : ''}`;
  };
  const report = async (code: string) => {
    const res = await get(`/reports/${address(code)}&pageSize=500`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Report;
  };
  const drill = async (code: string, column: string, row: string | undefined, headers: Headers = t.manager) => {
    const at = row === undefined ? '' : `&row=${encodeURIComponent(row)}`;
    const [path = '', query] = address(code).split('?');
    const res = await get(`/reports/${path}/rows?${query}&column=${column}${at}&pageSize=500`, headers);
    expect(res.statusCode, `${code}.${column}: ${res.body}`).toBe(200);
    return res.json() as Drill;
  };
  const measure = (d: Drill, how: Measure) =>
    how === 'count' || how === 'row' ? d.total : d.rows.reduce((n, r) => n + Number(r[how] ?? 0), 0);

  beforeAll(async () => {
    t = await startPayments();
    const { db } = t.ctx.database;
    const org = t.org;
    const A = org.centers[0]!.id;
    await db.update(centers).set({ timeZone: 'Asia/Hong_Kong' }).where(eq(centers.id, A));
    const at = (day: string, hour = 10) => new Date(`${day}T${String(hour - 8).padStart(2, '0')}:00:00Z`);
    const organisationId = org.id;

    // Members: two joined in the range, a prospect, and one who joined before it.
    const ann = await org.newMember({ firstName: 'Ann', lastName: 'Lee' });
    const ben = await org.newMember({ firstName: 'Ben', lastName: 'Ho' });
    const pat = await org.newMember({ firstName: 'Pat', lastName: 'Ng', status: 'prospect' });
    const old = await org.newMember({ firstName: 'Old', lastName: 'Timer' });
    for (const [m, day] of [
      [ann, '2026-02-10'],
      [ben, '2026-03-01'],
      [pat, '2026-03-01'],
      [old, '2025-06-01'],
    ] as const) {
      await db
        .update(members)
        .set({ createdAt: at(day) })
        .where(eq(members.id, m.id));
    }
    // At the door: Ann in February and March, Ben in March, a refusal.
    await db.insert(entries).values(
      [
        [ann, '2026-02-11', 'granted'],
        [ann, '2026-03-01', 'granted'],
        [ann, '2026-03-01', 'granted'],
        [ben, '2026-03-01', 'granted'],
        [old, '2026-03-01', 'denied'],
      ].map(([m, day, result]) => ({
        organisationId,
        centerId: A,
        memberId: (m as { id: string }).id,
        result: result as string,
        reason: result === 'denied' ? 'no_entitlement' : null,
        grantedBy: result === 'granted' ? 'membership' : null,
        source: 'desk',
        tappedAt: at(day as string),
        businessDate: day as string,
      })),
    );

    // Memberships: Ann's ended in February (lost), Ben's ends within the month (expiring), Old's is frozen.
    const shortCourseId = randomUUID();
    const hold = async (
      m: { id: string },
      kind: string,
      name: string,
      sold: string,
      phase: string,
      validFrom: string,
      validUntil: string,
      itemId: string = randomUUID(),
      frozen = false,
    ) => {
      const [e] = await db
        .insert(entitlements)
        .values({
          organisationId,
          memberId: m.id,
          kind,
          itemId,
          name,
          allCenters: true,
          centerId: A,
          durationValue: 1,
          durationUnit: 'month',
          createdAt: at(sold),
        })
        .returning();
      await db.insert(entitlementState).values({
        entitlementId: e!.id,
        organisationId,
        memberId: m.id,
        phase,
        validFrom,
        validUntil,
        frozen,
        lastSeq: 1,
      });
      return e!.id;
    };
    await hold(ann, 'membership', 'Monthly', '2026-02-01', 'expired', '2026-02-01', '2026-02-28');
    await hold(ben, 'membership', 'Monthly', '2026-03-01', 'active', '2026-03-01', '2026-03-20');
    const annual = await hold(
      old,
      'membership',
      'Annual',
      '2025-06-01',
      'active',
      '2025-06-01',
      '2026-05-31',
      undefined,
      true,
    );
    await db.insert(entitlementLedger).values({
      organisationId,
      entitlementId: annual,
      memberId: old.id,
      seq: 2,
      kind: 'freeze',
      validFrom: '2026-03-01',
      validUntil: '2026-03-31',
      daysDelta: 31,
      effectiveOn: '2026-03-01',
    });
    await hold(ann, 'short_course', 'Kettlebells', '2026-02-20', 'active', '2026-02-20', '2026-04-30', shortCourseId);
    const pack = await hold(ann, 'package', 'PT 10', '2026-02-01', 'active', '2026-02-01', '2026-12-31');

    // A group of Ann and Ben; Ann paid in it, Ben was refunded.
    const [group] = await db.insert(memberGroups).values({ organisationId, name: 'Morning crew' }).returning();
    await db.insert(memberGroupMembers).values([
      { organisationId, groupId: group!.id, memberId: ann.id },
      { organisationId, groupId: group!.id, memberId: ben.id },
    ]);
    const [sale, fee, course] = await insertInvoices(t.ctx, org, [
      { memberId: ann.id, totalMinor: 50_000, issuedOn: '2026-02-20' },
      { memberId: ben.id, totalMinor: 8_000, issuedOn: '2026-03-01' },
      { memberId: ann.id, totalMinor: 120_000, issuedOn: '2026-02-20' },
    ]);
    await db
      .update(invoiceLines)
      .set({ itemType: 'short_course', itemId: shortCourseId })
      .where(eq(invoiceLines.invoiceId, course!.id));
    await db.insert(payments).values([
      {
        organisationId,
        centerId: A,
        invoiceId: sale!.id,
        memberId: ann.id,
        kind: 'payment',
        method: 'cash',
        amountMinor: 50_000,
        paidOn: '2026-02-20',
      },
      {
        organisationId,
        centerId: A,
        invoiceId: fee!.id,
        memberId: ben.id,
        kind: 'refund',
        method: 'cash',
        amountMinor: 3_000,
        paidOn: '2026-03-01',
      },
    ]);

    // Classes: two Yoga classes by one teacher (one a session of the short course), one cancelled.
    const teacher = await org.newUser({ role: 'trainer' });
    const trainer = await org.newUser({ role: 'trainer' });
    const [room] = await db
      .insert(rooms)
      .values({ organisationId, centerId: A, name: 'Studio', capacity: 20 })
      .returning();
    const [yoga] = await db
      .insert(classTypes)
      .values({ organisationId, name: 'Yoga', colour: '#22aa66', durationMinutes: 60, capacity: 20, credits: 1 })
      .returning();
    await db.insert(shortCourses).values({
      id: shortCourseId,
      organisationId,
      centerId: A,
      name: 'Kettlebells',
      sessions: 4,
      capacity: 10,
      priceMinor: 120_000,
    });
    const slot = (day: string, hour: number, minutes: number) => ({
      businessDate: day,
      startTime: `${hour}:00`,
      durationMinutes: minutes,
      startsAt: at(day, hour),
      endsAt: new Date(at(day, hour).getTime() + minutes * 60_000),
    });
    const lesson = async (day: string, hour: number, minutes: number, more: Record<string, unknown> = {}) => {
      const [c] = await db
        .insert(classes)
        .values({
          organisationId,
          centerId: A,
          roomId: room!.id,
          teacherId: teacher.id,
          classTypeId: yoga!.id,
          ...slot(day, hour, minutes),
          capacity: 12,
          credits: 1,
          bookingOpensDaysBefore: 7,
          bookingClosesMinutesBefore: 0,
          cancellationWindowMinutes: 120,
          ...more,
        })
        .returning();
      return c!.id;
    };
    const morning = await lesson('2026-03-01', 9, 60);
    const course1 = await lesson('2026-03-02', 18, 90, { shortCourseId });
    await lesson('2026-03-03', 9, 60, { status: 'cancelled' });
    await db.insert(bookings).values(
      [
        { classId: morning, memberId: ann.id, status: 'attended', creditsUsed: 1 },
        { classId: morning, memberId: ben.id, status: 'no_show', creditsUsed: 1, feeInvoiceId: fee!.id },
        { classId: morning, memberId: pat.id, status: 'booked', trial: true },
        { classId: morning, memberId: old.id, status: 'cancelled', creditsUsed: 1, creditReturned: true },
        { classId: course1, memberId: ann.id, status: 'attended' },
      ].map((b) => ({ organisationId, ...b })),
    );

    // PT: a completed session that earned commission, a no-show, a late cancel.
    const session = async (day: string, hour: number, status: string) => {
      const [s] = await db
        .insert(ptSessions)
        .values({
          organisationId,
          centerId: A,
          memberId: ann.id,
          trainerId: trainer.id,
          entitlementId: pack,
          ...slot(day, hour, 60),
          status,
          completedAt: status === 'completed' ? at(day, hour + 1) : null,
        })
        .returning();
      return s!.id;
    };
    const done = await session('2026-02-21', 8, 'completed');
    await session('2026-02-22', 8, 'no_show');
    await session('2026-02-23', 8, 'late_cancelled');
    await db
      .insert(commissionEntries)
      .values({ organisationId, staffId: trainer.id, ptSessionId: done, amountMinor: 1_500, earnedOn: '2026-02-21' });

    const rival = await t.ctx.newOrganisation({ name: 'Rival Gym' });
    other = await rival.signIn('manager');
    elsewhere = await org.signIn('manager', [org.centers[1]!.id]);
  });
  afterAll(() => t.ctx.close());

  it('shows the memberships started, frozen and ended in each month of the range, and those active at its end', async () => {
    const body = await report('membership?by=month');
    expect(body.rows.map((r) => [r.month, r.started, r.frozen, r.ended, r.activeAtEnd])).toEqual([
      ['2026-02', 1, 0, 1, 2],
      ['2026-03', 1, 1, 1, 1],
    ]);
    expect(body.totals).toMatchObject({ started: 2, frozen: 1, ended: 2, activeAtEnd: null });
  });

  it('counts in a group only the members of the centres its reader works at', async () => {
    const res = await get(`/reports/group?${RANGE}`, elsewhere);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([expect.objectContaining({ group: 'Morning crew', members: 0, amountMinor: 0 })]);
  });

  for (const [code, figures] of Object.entries(FIGURES)) {
    it(`${code}: each figure opens rows that make exactly that figure, for the caller's organisation and centres only`, async () => {
      const body = await report(code);
      let opened = 0;
      for (const [column, how] of Object.entries(figures)) {
        expect(body.columns.find((c) => c.key === column)?.drill, `${code}.${column} has a drill-down`).not.toBeNull();
        for (const row of body.rows) {
          const figure = how === 'row' ? 1 : Number(row[column] ?? 0);
          const rows = await drill(code, column, String(row.key));
          expect(measure(rows, how), `${code}.${column} of ${row.key}`).toBe(figure);
          opened += figure === 0 ? 0 : 1;
          // Another organisation's manager, and a manager of the other centre, open nothing with the same key.
          expect((await drill(code, column, String(row.key), other)).total, `${code}.${column} elsewhere`).toBe(0);
          expect((await drill(code, column, String(row.key), elsewhere)).total, `${code}.${column} centre B`).toBe(0);
        }
        const total = how === 'row' ? body.rows.length : body.totals[column];
        if (total !== null && total !== undefined) {
          expect(measure(await drill(code, column, undefined), how), `${code}.${column} total`).toBe(total);
        }
      }
      // The data gives every report figures to open.
      expect(opened, `${code} opened figures`).toBeGreaterThan(0);
    });
  }
});
