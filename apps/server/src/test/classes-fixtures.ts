/** An organisation ready for classes and bookings tests: staff, a room, a teacher, a class type, and members who hold credits. */
import { addDays } from '@gym/contract/time';
import { eq, sql } from 'drizzle-orm';
import { centers, organisations, rooms } from '../db/schema/index.ts';
import type { TestContext, TestOrganisation } from './harness.ts';
import { seedCatalogue } from './selling-catalogue.ts';

type Headers = Record<string, string>;

export async function classesFixture(ctx: TestContext, opts: { timeZone?: string } = {}) {
  const { db } = ctx.database;
  const org = await ctx.newOrganisation();
  const centerA = org.centers[0]!.id;
  if (opts.timeZone) await db.update(centers).set({ timeZone: opts.timeZone }).where(eq(centers.id, centerA));
  const [center] = await db.select().from(centers).where(eq(centers.id, centerA));
  const manager = ctx.bearer(await (await org.newUser({ role: 'manager' })).login());
  const desk = ctx.bearer(await (await org.newUser({ role: 'frontdesk' })).login());
  const teacherUser = await org.newUser({ role: 'trainer' });
  const teacher = ctx.bearer(await teacherUser.login());
  const cat = await seedCatalogue(db, org.id, centerA, `-${org.initial}`);
  const [room] = await db
    .insert(rooms)
    .values({ organisationId: org.id, centerId: centerA, name: 'Studio 1', capacity: 30 })
    .returning();

  let roomSeq = 0;
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Headers,
    payload?: unknown,
    extra: Headers = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1/pro${url}`,
      headers: { ...headers, ...extra },
      payload: payload as object | undefined,
    });

  const typeRes = await call('POST', '/class-types', manager, {
    name: 'Yoga',
    colour: '#22aa66',
    durationMinutes: 60,
    capacity: 20,
    credits: 1,
  });
  if (typeRes.statusCode !== 201) throw new Error(typeRes.body);
  const classType = typeRes.json() as { id: string };

  const f = {
    org,
    center: center!,
    centerA,
    timeZone: center!.timeZone,
    /** The centre's business date on the server's clock (a test may fix it: `createTestContext(env, { clock })`). */
    today: () => ctx.deps.clock.today(center!.timeZone),
    manager,
    desk,
    teacher,
    teacherId: teacherUser.id,
    room: room!,
    classType,
    cat,
    call,
    async setConfig(body: Record<string, unknown>) {
      await db
        .update(organisations)
        .set({ settings: sql`${organisations.settings} || ${JSON.stringify(body)}::jsonb` })
        .where(eq(organisations.id, org.id));
    },
    /**
     * A class (or series) tomorrow 18:00 at centre A with the Yoga type; `overrides` win. Unless
     * given, it has a room and a teacher of its own, so that the tests' classes never clash in the
     * timetable (the server refuses a room or a teacher in two classes at once).
     */
    async newClass(overrides: Record<string, unknown> = {}) {
      const roomId =
        overrides.roomId ??
        (
          await db
            .insert(rooms)
            .values({ organisationId: org.id, centerId: centerA, name: `Studio ${++roomSeq + 1}`, capacity: 30 })
            .returning()
        )[0]!.id;
      const teacherId = overrides.teacherId ?? (await org.newUser({ role: 'trainer' })).id;
      const res = await call('POST', '/classes', manager, {
        centerId: centerA,
        roomId,
        teacherId,
        classTypeId: classType.id,
        date: addDays(f.today(), 1),
        startTime: '18:00',
        ...overrides,
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json() as { class: { id: string; startsAt: string }; seriesId: string | null; created: number };
    },
    /** A member holding the 10-class package (sold through the sales API). */
    async memberWithCredits(input: Parameters<TestOrganisation['newMember']>[0] = {}) {
      const member = await org.newMember(input);
      const sale = await call('POST', `/students/${member.id}/sales`, manager, {
        centerId: centerA,
        lines: [{ itemType: 'package', itemId: cat.pack.id }],
      });
      if (sale.statusCode !== 201) throw new Error(sale.body);
      const invoice = sale.json() as { lines: { entitlementId: string }[] };
      return { ...member, entitlementId: invoice.lines[0]!.entitlementId };
    },
    book(memberId: string, classId: string, key = `${memberId}:${classId}`, headers: Headers = desk) {
      return call('POST', '/bookings', headers, { memberId, classId }, { 'idempotency-key': key });
    },
    /** The desk cancels a booking, sent once under `key`. */
    cancelBooking(bookingId: string, key: string) {
      return call('POST', `/bookings/${bookingId}/cancel`, desk, {}, { 'idempotency-key': key });
    },
    /** The manager waives a late cancel's or a no-show's penalty, sent once under `key`. */
    waive(bookingId: string, note: string, key: string) {
      return call('POST', `/bookings/${bookingId}/waive`, manager, { note }, { 'idempotency-key': key });
    },
    /** The manager cancels a class (`body`: its reason or scope), sent once. */
    cancelClass(classId: string, body: Record<string, unknown>) {
      return call('POST', `/classes/${classId}/cancel`, manager, body, { 'idempotency-key': `cancel-${classId}` });
    },
  };
  return f;
}

export type ClassesFixture = Awaited<ReturnType<typeof classesFixture>>;
