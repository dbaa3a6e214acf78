/**
 * The database itself refuses a row whose references cross organisations: every centre, member,
 * group and user reference is a composite key with the row's organisation.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  cardLinkTokens,
  cards,
  classes,
  classTypes,
  expenditureCategories,
  expenditures,
  invoicePaymentIds,
  invoices,
  memberGroupMembers,
  memberGroups,
  memberPaymentIds,
  members,
  payLinks,
  paymentOrderItems,
  paymentOrders,
  paymentWebhookEvents,
  rooms,
  trainerDaysOff,
} from '../db/schema/index.ts';
import { startTwoOrganisations, type TestContext, type TestMember, type TestOrganisation } from './harness.ts';

let ctx: TestContext, a: TestOrganisation, b: TestOrganisation, memberB: TestMember;

beforeAll(async () => {
  ({ ctx, a, b } = await startTwoOrganisations());
  memberB = await b.newMember();
});
afterAll(() => ctx?.close());

/** The insert's error (drizzle wraps the driver's; the constraint name is on the cause). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    const err = e as { cause?: { constraint?: string; message?: string }; message: string };
    return `${err.cause?.constraint ?? ''} ${err.cause?.message ?? err.message}`;
  }
  return 'accepted';
}

describe('composite tenant keys', () => {
  it('refuse a room of one organisation in a centre of another', async () => {
    const { db } = ctx.database;
    const msg = await refusal(() =>
      db.insert(rooms).values({ organisationId: a.id, centerId: b.centers[0]!.id, name: 'X', capacity: 1 }),
    );
    expect(msg).toMatch(/rooms_org_center_fk/);
  });

  it('refuse a card, a group membership and a card link naming another organisation’s member', async () => {
    const { db } = ctx.database;
    expect(
      await refusal(() => db.insert(cards).values({ organisationId: a.id, memberId: memberB.id, number: 'X1' })),
    ).toMatch(/cards_org_member_fk/);
    const [group] = await db.insert(memberGroups).values({ organisationId: a.id, name: 'G' }).returning();
    expect(
      await refusal(() =>
        db.insert(memberGroupMembers).values({ organisationId: a.id, groupId: group!.id, memberId: memberB.id }),
      ),
    ).toMatch(/member_group_members_org_member_fk/);
    expect(
      await refusal(() =>
        db.insert(cardLinkTokens).values({
          organisationId: a.id,
          centerId: a.centers[0]!.id,
          memberId: memberB.id,
          tokenHash: 'h',
          expiresAt: new Date(),
        }),
      ),
    ).toMatch(/card_link_tokens_org_member_fk/);
  });

  it('refuse a member whose home centre is another organisation’s', async () => {
    const { db } = ctx.database;
    const msg = await refusal(() =>
      db.insert(members).values({
        organisationId: a.id,
        homeCenterId: b.centers[0]!.id,
        code: 'X-1',
        firstName: 'A',
        lastName: 'B',
        searchText: 'a b',
      }),
    );
    expect(msg).toMatch(/members_org_center_fk/);
  });

  it('refuse an expenditure in another organisation’s centre, category or recorded by its staff', async () => {
    const { db } = ctx.database;
    const userA = await a.newUser({ role: 'manager' });
    const userB = await b.newUser({ role: 'manager' });
    const [catA] = await db.insert(expenditureCategories).values({ organisationId: a.id, name: 'Rent' }).returning();
    const [catB] = await db.insert(expenditureCategories).values({ organisationId: b.id, name: 'Rent' }).returning();
    const row = {
      organisationId: a.id,
      centerId: a.centers[0]!.id,
      date: '2026-01-01',
      categoryId: catA!.id,
      amount: 1,
      method: 'cash',
      recordedBy: userA.id,
    };
    expect(await refusal(() => db.insert(expenditures).values({ ...row, centerId: b.centers[0]!.id }))).toMatch(
      /expenditures_org_center_fk/,
    );
    expect(await refusal(() => db.insert(expenditures).values({ ...row, categoryId: catB!.id }))).toMatch(
      /expenditures_org_category_fk/,
    );
    expect(await refusal(() => db.insert(expenditures).values({ ...row, recordedBy: userB.id }))).toMatch(
      /expenditures_org_recorded_by_fk/,
    );
    expect(await refusal(() => db.insert(expenditures).values({ ...row, amount: 1, taxAmount: 2 }))).toMatch(
      /expenditures_amounts/,
    );
    expect(await refusal(() => db.insert(expenditures).values(row))).toBe('accepted');
  });

  it('refuse a class in another organisation’s room or taught by its staff, and a booking of its member', async () => {
    const { db } = ctx.database;
    const teacherA = await a.newUser({ role: 'trainer' });
    const teacherB = await b.newUser({ role: 'trainer' });
    const [roomA] = await db
      .insert(rooms)
      .values({ organisationId: a.id, centerId: a.centers[0]!.id, name: 'Class room', capacity: 10 })
      .returning();
    const [roomB] = await db
      .insert(rooms)
      .values({ organisationId: b.id, centerId: b.centers[0]!.id, name: 'Class room', capacity: 10 })
      .returning();
    const [typeA] = await db
      .insert(classTypes)
      .values({ organisationId: a.id, name: 'Yoga', colour: '#22aa66', durationMinutes: 60, capacity: 10 })
      .returning();
    const row = {
      organisationId: a.id,
      centerId: a.centers[0]!.id,
      roomId: roomA!.id,
      teacherId: teacherA.id,
      classTypeId: typeA!.id,
      businessDate: '2027-01-04',
      startTime: '18:00',
      durationMinutes: 60,
      startsAt: new Date('2027-01-04T10:00:00Z'),
      endsAt: new Date('2027-01-04T11:00:00Z'),
      capacity: 10,
      credits: 1,
      bookingOpensDaysBefore: 14,
      bookingClosesMinutesBefore: 0,
      cancellationWindowMinutes: 720,
    };
    expect(await refusal(() => db.insert(classes).values({ ...row, roomId: roomB!.id }))).toMatch(
      /classes_org_room_fk/,
    );
    expect(await refusal(() => db.insert(classes).values({ ...row, teacherId: teacherB.id }))).toMatch(
      /classes_org_teacher_fk/,
    );
    const [cls] = await db.insert(classes).values(row).returning();
    expect(
      await refusal(() =>
        db.insert(bookings).values({ organisationId: a.id, classId: cls!.id, memberId: memberB.id, status: 'booked' }),
      ),
    ).toMatch(/bookings_org_member_fk/);
  });

  it('refuse online payments’ rows (pay link, order, what it pays, its events, public ids) naming another organisation’s rows', async () => {
    const { db } = ctx.database;
    const memberA = await a.newMember();
    const invoice = async (org: TestOrganisation, memberId: string, n: number) => {
      const [row] = await db
        .insert(invoices)
        .values({
          organisationId: org.id,
          centerId: org.centers[0]!.id,
          memberId,
          seq: n,
          number: `K-${n}`,
          issuedOn: '2026-01-05',
          currencyCode: 'BRL',
          subtotalMinor: 1000,
          discountMinor: 0,
          totalMinor: 1000,
          taxMinor: 0,
        })
        .returning();
      return row!;
    };
    const invoiceA = await invoice(a, memberA.id, 90_001);
    const invoiceB = await invoice(b, memberB.id, 90_001);
    const now = new Date();
    const link = {
      organisationId: a.id,
      centerId: a.centers[0]!.id,
      memberId: memberA.id,
      invoiceId: invoiceA.id,
      kind: 'balance',
      token: `keys-${a.id}`,
      expiresAt: now,
      createdAt: now,
    };
    expect(await refusal(() => db.insert(payLinks).values({ ...link, invoiceId: invoiceB.id }))).toMatch(
      /pay_links_org_invoice_fk/,
    );
    expect(await refusal(() => db.insert(payLinks).values({ ...link, memberId: memberB.id }))).toMatch(
      /pay_links_org_member_fk/,
    );
    const [linkA] = await db.insert(payLinks).values(link).returning();
    const order = {
      organisationId: a.id,
      centerId: a.centers[0]!.id,
      memberId: memberA.id,
      provider: 'simulated',
      purpose: `keys-${a.id}`,
      amountMinor: 1000,
      currencyCode: 'BRL',
      description: 'Keys',
      createdAt: now,
      updatedAt: now,
    };
    expect(await refusal(() => db.insert(paymentOrders).values({ ...order, centerId: b.centers[0]!.id }))).toMatch(
      /payment_orders_org_center_fk/,
    );
    const [linkB] = await db
      .insert(payLinks)
      .values({
        ...link,
        organisationId: b.id,
        centerId: b.centers[0]!.id,
        memberId: memberB.id,
        invoiceId: invoiceB.id,
        token: `keys-${b.id}`,
      })
      .returning();
    expect(await refusal(() => db.insert(paymentOrders).values({ ...order, payLinkId: linkB!.id }))).toMatch(
      /payment_orders_org_pay_link_fk/,
    );
    const [orderA] = await db
      .insert(paymentOrders)
      .values({ ...order, payLinkId: linkA!.id })
      .returning();
    expect(
      await refusal(() =>
        db
          .insert(paymentOrderItems)
          .values({ organisationId: a.id, orderId: orderA!.id, invoiceId: invoiceB.id, amountMinor: 1 }),
      ),
    ).toMatch(/payment_order_items_org_invoice_fk/);
    expect(
      await refusal(() =>
        db.insert(paymentWebhookEvents).values({
          organisationId: b.id,
          provider: 'simulated',
          eventId: 'evt_keys',
          type: 'x',
          orderId: orderA!.id,
          payload: {},
          receivedAt: now,
        }),
      ),
    ).toMatch(/payment_webhook_events_org_order_fk/);
    expect(
      await refusal(() =>
        db
          .insert(memberPaymentIds)
          .values({ organisationId: a.id, memberId: memberB.id, publicId: crypto.randomUUID(), createdAt: now }),
      ),
    ).toMatch(/member_payment_ids_org_member_fk/);
    expect(
      await refusal(() =>
        db
          .insert(invoicePaymentIds)
          .values({ organisationId: a.id, invoiceId: invoiceB.id, publicId: crypto.randomUUID(), createdAt: now }),
      ),
    ).toMatch(/invoice_payment_ids_org_invoice_fk/);
  });

  it('accept the same rows inside one organisation', async () => {
    const { db } = ctx.database;
    const memberA = await a.newMember();
    await db.insert(rooms).values({ organisationId: a.id, centerId: a.centers[0]!.id, name: 'Y', capacity: 1 });
    await db.insert(cards).values({ organisationId: a.id, memberId: memberA.id, number: 'Y1' });
  });
});

/**
 * Every reference from a table an organisation owns to another such table, as the database holds
 * them: the column(s) of each foreign key, and whether a foreign key names the same columns with
 * `organisation_id`.
 */
async function tenantReferences() {
  const result = await ctx.database.db.execute(sql`
    select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as target,
      array(select a.attname::text from unnest(c.conkey) k join pg_attribute a
        on a.attrelid = c.conrelid and a.attnum = k order by a.attname) as columns
    from pg_constraint c
    where c.contype = 'f'
      and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'organisation_id' and not a.attisdropped)
      and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'organisation_id' and not a.attisdropped)
  `);
  const rows = (result as unknown as { rows: { table: string; target: string; columns: string[] }[] }).rows;
  const composite = new Set(
    rows.filter((r) => r.columns.includes('organisation_id')).map((r) => `${r.table}.${r.columns.join(',')}`),
  );
  return rows
    .filter((r) => !r.columns.includes('organisation_id'))
    .map((r) => ({
      reference: `${r.table}(${r.columns.join(', ')}) → ${r.target}`,
      covered: composite.has(`${r.table}.${[...r.columns, 'organisation_id'].sort().join(',')}`),
    }));
}

describe('every reference between two tables of an organisation', () => {
  it('is a composite key with the organisation (a row cannot name another organisation’s row)', async () => {
    const references = await tenantReferences();
    expect(references.length).toBeGreaterThan(30);
    expect(references.filter((r) => !r.covered).map((r) => r.reference)).toEqual([]);
  });

  it('so a trainer’s day off recorded by another organisation’s staff is refused', async () => {
    const { db } = ctx.database;
    const staffB = await b.newUser({ role: 'manager' });
    const trainerA = await a.newUser({ role: 'trainer' });
    expect(
      await refusal(() =>
        db.insert(trainerDaysOff).values({
          organisationId: a.id,
          trainerId: trainerA.id,
          fromDate: '2026-01-01',
          toDate: '2026-01-01',
          createdBy: staffB.id,
        }),
      ),
    ).toMatch(/trainer_days_off_org_created_by_fk/);
  });
});
