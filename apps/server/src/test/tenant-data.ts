/**
 * Rows of one organisation in every tenant table (the isolation and bad-input suites run against
 * them), and the check that no table with an `organisation_id` was forgotten.
 */
import { createHash, randomUUID } from 'node:crypto';
import { addDays, today } from '@gym/contract/time';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  auditLog,
  cardLinkTokens,
  cards,
  centers,
  commissionRules,
  creditPackages,
  domainEvents,
  expenditureCategories,
  expenditures,
  goals,
  idempotencyKeys,
  importPresets,
  invoicePaymentIds,
  memberGroupMembers,
  memberGroups,
  memberImports,
  memberPaymentIds,
  offers,
  onlineRefunds,
  outboxEmails,
  passwordResetTokens,
  payLinks,
  paymentOrderItems,
  paymentOrders,
  paymentReminders,
  paymentWebhookEvents,
  productSetItems,
  productSets,
  readerScans,
  readers,
  rooms,
  shortCourses,
  simulatedCheckoutSessions,
} from '../db/schema/index.ts';
import { paymentsOf } from '../modules/payments/index.ts';
import { rowsOf } from './db-snapshot.ts';
import type { TestContext, TestOrganisation } from './harness.ts';
import { commissionForRole, seedCatalogue } from './selling-catalogue.ts';
import { fillContent, fillSignatures } from './tenant-data-media.ts';

/** The ids of the organisation's rows, by kind (what a route's `:id` or a body's `centerId` names). */
export type TenantIds = Record<
  | 'center'
  | 'user'
  | 'member'
  | 'card'
  | 'group'
  | 'room'
  | 'reader'
  | 'preset'
  | 'cardLink'
  | 'invoice'
  | 'entitlement'
  | 'membershipPlan'
  | 'creditPackage'
  | 'shortCourse'
  | 'expenditure'
  | 'category'
  | 'product'
  | 'productSet'
  | 'coupon'
  | 'offer'
  | 'entry'
  | 'attendance'
  | 'classType'
  | 'class'
  | 'booking'
  | 'ptSession'
  | 'trainer'
  | 'dayOff'
  | 'image'
  | 'news'
  | 'album'
  | 'albumPhoto'
  | 'slide',
  string
>;

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

/** Fills every tenant table for `org` (through the harness and direct inserts); answers one id of each kind. */
export async function fillOrganisation(ctx: TestContext, org: TestOrganisation): Promise<TenantIds> {
  const { db } = ctx.database;
  const organisationId = org.id;
  const centerA = org.centers[0]!;
  const centerB = org.centers[1]!;
  const admin = await org.newUser({ role: 'admin' });
  await admin.login(); // refresh_tokens
  const desk = await org.newUser({ role: 'frontdesk', centerIds: [centerB.id] }); // user_centers
  // Card numbers as the contract writes them (upper case): the door looks them up as typed.
  const memberCardNumber = `C${organisationId.slice(0, 7)}`.toUpperCase();
  const staffCardNumber = `S${organisationId.slice(0, 7)}`.toUpperCase();
  const member = await org.newMember({ cardNumber: memberCardNumber });
  const [memberCard] = await db.select({ id: cards.id }).from(cards).where(sql`${cards.memberId} = ${member.id}`);
  await db.insert(cards).values({ organisationId, staffId: desk.id, number: staffCardNumber });
  const [group] = await db.insert(memberGroups).values({ organisationId, name: 'Theirs' }).returning();
  await db.insert(memberGroupMembers).values({ organisationId, groupId: group!.id, memberId: member.id });
  const [room] = await db
    .insert(rooms)
    .values({ organisationId, centerId: centerA.id, name: 'Studio', capacity: 10 })
    .returning();
  const [reader] = await db
    .insert(readers)
    .values({ organisationId, centerId: centerA.id, name: 'Door', sn: `SN-${organisationId}`, secretHash: hash('s') })
    .returning();
  await db.insert(readerScans).values({
    organisationId,
    centerId: centerA.id,
    readerId: reader!.id,
    scanId: `scan-${organisationId}`,
    card: `C${organisationId.slice(0, 7)}`,
    tappedAt: new Date(),
  });
  const [preset] = await db
    .insert(importPresets)
    .values({ organisationId, name: 'Old system', mapping: {} })
    .returning();
  const [link] = await db
    .insert(cardLinkTokens)
    .values({
      organisationId,
      centerId: centerA.id,
      memberId: member.id,
      tokenHash: hash(`link-${organisationId}`),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  const [category] = await db.insert(expenditureCategories).values({ organisationId, name: 'Rent' }).returning();
  const [expenditure] = await db
    .insert(expenditures)
    .values({
      organisationId,
      centerId: centerA.id,
      date: '2026-01-05',
      categoryId: category!.id,
      amount: 120_000,
      taxAmount: 0,
      method: 'bank_transfer',
      recordedBy: admin.id,
    })
    .returning();
  await db
    .insert(goals)
    .values({ organisationId, centerId: centerA.id, month: '2026-01', metric: 'revenue', target: 500_000 });
  await db.insert(passwordResetTokens).values({
    organisationId,
    userId: admin.id,
    tokenHash: hash(`reset-${organisationId}`),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(outboxEmails).values({ organisationId, to: admin.email, subject: 'Hello', text: 'Hello' });
  // A finished import: its rows would be visible, and nothing sweeps it.
  await db.insert(memberImports).values({
    organisationId,
    status: 'done',
    fileName: 'old-system.csv',
    total: 1,
    createdBy: admin.id,
  });
  // Delivered already, so the dispatcher of the run under test leaves it alone.
  await db.insert(domainEvents).values({
    organisationId,
    type: 'test.seeded',
    payload: { memberId: member.id },
    deliveredAt: new Date(),
  });
  await db.insert(idempotencyKeys).values({
    organisationId,
    caller: `user:${admin.id}`,
    key: `seed-${organisationId}`,
    method: 'POST',
    route: '/api/v1/pro/students',
    bodyHash: hash('{}'),
    status: 'done',
    responseStatus: 201,
    responseBody: '{}',
  });
  await db.insert(auditLog).values({
    organisationId,
    centerId: centerA.id,
    actorUserId: admin.id,
    actorRole: 'admin',
    action: 'member.erased',
    entityType: 'member',
    entityId: member.id,
    summary: 'Seeded for the isolation suite',
  });
  const selling = await fillSelling(ctx, org, admin, member.id);
  const door = await fillDoor(ctx, org, admin, memberCardNumber, staffCardNumber);
  const classes = await fillClasses(ctx, org, admin, room!.id, member.id);
  const pt = await fillPt(ctx, org, admin, room!.id, member.id);
  await fillPayments(ctx, org, member.id, selling.invoice);
  const content = await fillContent(ctx, organisationId);
  await fillSignatures(ctx, org, member.id);
  return {
    ...content,
    ...selling,
    ...door,
    ...classes,
    ...pt,
    center: centerA.id,
    user: desk.id,
    member: member.id,
    card: memberCard!.id,
    group: group!.id,
    room: room!.id,
    reader: reader!.id,
    preset: preset!.id,
    cardLink: link!.id,
    expenditure: expenditure!.id,
    category: category!.id,
  };
}

/**
 * Selling rows: a catalogue, a sale with installments, a coupon and a payment, then a refund of its
 * product line (refund items, returned stock, reversed commission). Through the API, as staff sell.
 */
async function fillSelling(
  ctx: TestContext,
  org: TestOrganisation,
  admin: Awaited<ReturnType<TestOrganisation['newUser']>>,
  memberId: string,
): Promise<
  Pick<
    TenantIds,
    | 'invoice'
    | 'entitlement'
    | 'membershipPlan'
    | 'creditPackage'
    | 'shortCourse'
    | 'product'
    | 'productSet'
    | 'coupon'
    | 'offer'
  >
> {
  const { db } = ctx.database;
  const centerId = org.centers[0]!.id;
  const cat = await seedCatalogue(db, org.id, centerId);
  const [set] = await db
    .insert(productSets)
    .values({ organisationId: org.id, name: 'Starter kit', priceMinor: 15_000 })
    .returning();
  await db
    .insert(productSetItems)
    .values({ organisationId: org.id, setId: set!.id, productId: cat.towel.id, quantity: 1 });
  const [course] = await db
    .insert(shortCourses)
    .values({
      organisationId: org.id,
      centerId,
      name: 'Beginners swim',
      sessions: 8,
      capacity: 10,
      priceMinor: 90_000,
    })
    .returning();
  const [offer] = await db
    .insert(offers)
    .values({
      organisationId: org.id,
      title: 'New year',
      cart: [{ type: 'product', id: cat.towel.id, quantity: 1 }],
      couponId: cat.welcome.id,
    })
    .returning();
  await commissionForRole(db, org.id, 'admin', 500);
  const headers = ctx.bearer(await admin.login());
  const sale = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pro/students/${memberId}/sales`,
    headers,
    payload: {
      centerId,
      lines: [
        { itemType: 'membership', itemId: cat.monthly.id },
        { itemType: 'product', itemId: cat.towel.id },
        { itemType: 'product_set', itemId: set!.id },
      ],
      couponCode: cat.welcome.code,
      depositMinor: 10_000,
      installments: [{ dueOn: '2099-01-01' }],
      payment: { method: 'cash', amountMinor: 10_000 },
    },
  });
  if (sale.statusCode !== 201) throw new Error(`selling fill: ${sale.body}`);
  const invoice = sale.json() as { id: string; lines: { id: string; entitlementId: string | null }[] };
  const refund = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/pro/invoices/${invoice.id}/refunds`,
    headers,
    payload: { reason: 'Seeded refund', lines: [{ lineId: invoice.lines[1]!.id, quantity: 1 }] },
  });
  if (refund.statusCode !== 201) throw new Error(`selling fill: ${refund.body}`);
  return {
    invoice: invoice.id,
    entitlement: invoice.lines[0]!.entitlementId!,
    membershipPlan: cat.monthly.id,
    creditPackage: cat.pack.id,
    shortCourse: course!.id,
    product: cat.towel.id,
    productSet: set!.id,
    coupon: cat.welcome.id,
    offer: offer!.id,
  };
}

/**
 * The door's rows, through the API as the desk records them: a granted tap (the member holds the
 * sold monthly membership), a denied one (an unknown card) let in by an override, and a staff
 * member's clock-in.
 */
async function fillDoor(
  ctx: TestContext,
  org: TestOrganisation,
  admin: Awaited<ReturnType<TestOrganisation['newUser']>>,
  memberCard: string,
  staffCard: string,
): Promise<Pick<TenantIds, 'entry' | 'attendance'>> {
  const headers = ctx.bearer(await admin.login());
  const center_id = org.centers[0]!.id;
  const post = async (url: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/pro${url}`, headers, payload });
    if (res.statusCode !== 200) throw new Error(`door fill ${url}: ${res.body}`);
    return res.json();
  };
  const granted = await post(`/card/${memberCard}/entry`, { center_id, scan_id: `fill-${org.id}` });
  if (granted.result !== 'granted') throw new Error(`door fill: ${JSON.stringify(granted)}`);
  const unknown = await post('/card/NOSUCHCARD1/entry', { center_id });
  await post(`/entries/${unknown.entry.id}/override`, { reason: 'Seeded guest' });
  const clock = await post(`/card/${staffCard}/clock`, { center_id });
  return { entry: granted.entry.id, attendance: clock.attendance.id };
}

/**
 * Classes rows, through the API: a class type, a weekly series of two classes tomorrow on (in the
 * studio, taught by the admin), and the member booked into the first (a free class: nothing to pay).
 */
async function fillClasses(
  ctx: TestContext,
  org: TestOrganisation,
  admin: Awaited<ReturnType<TestOrganisation['newUser']>>,
  roomId: string,
  memberId: string,
): Promise<Pick<TenantIds, 'classType' | 'class' | 'booking'>> {
  const headers = ctx.bearer(await admin.login());
  const post = async (url: string, payload: object, status = 201) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro${url}`,
      headers: { ...headers, 'idempotency-key': `fill-${url}-${org.id}` },
      payload,
    });
    if (res.statusCode !== status) throw new Error(`classes fill ${url}: ${res.body}`);
    return res.json();
  };
  const type = await post('/class-types', {
    name: 'Yoga',
    colour: '#22aa66',
    durationMinutes: 60,
    capacity: 10,
    credits: 0,
  });
  const [centre] = await ctx.database.db.select().from(centers).where(eq(centers.id, org.centers[0]!.id));
  const tomorrow = addDays(today(centre!.timeZone), 1);
  const made = await post('/classes', {
    centerId: org.centers[0]!.id,
    roomId,
    teacherId: admin.id,
    classTypeId: type.id,
    date: tomorrow,
    startTime: '18:00',
    recurrence: { weekdays: [1, 2, 3, 4, 5, 6, 7], count: 2 },
  });
  const booking = await post('/bookings', { memberId, classId: made.class.id });
  return { classType: type.id, class: made.class.id, booking: booking.id };
}

/**
 * Personal training rows, through the API: a PT package sold to the member, a trainer's working
 * hours and a day off, and a session today (in the studio) marked done: its credit used and the
 * trainer's commission written.
 */
async function fillPt(
  ctx: TestContext,
  org: TestOrganisation,
  admin: Awaited<ReturnType<TestOrganisation['newUser']>>,
  roomId: string,
  memberId: string,
): Promise<Pick<TenantIds, 'ptSession' | 'trainer' | 'dayOff'>> {
  const headers = ctx.bearer(await admin.login());
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, status: number) => {
    const res = await ctx.app.inject({
      method,
      url: `/api/v1/pro${url}`,
      headers: { ...headers, 'idempotency-key': `fill-${url}-${org.id}` },
      payload,
    });
    if (res.statusCode !== status) throw new Error(`pt fill ${url}: ${res.body}`);
    return res.json();
  };
  const centerId = org.centers[0]!.id;
  const [pack] = await ctx.database.db
    .insert(creditPackages)
    .values({ organisationId: org.id, name: 'PT 5', usage: 'pt', credits: 5, validityDays: 90, priceMinor: 50_000 })
    .returning();
  const sale = await call(
    'POST',
    `/students/${memberId}/sales`,
    { centerId, lines: [{ itemType: 'package', itemId: pack!.id }] },
    201,
  );
  await ctx.database.db
    .insert(commissionRules)
    .values({ organisationId: org.id, role: 'trainer', itemType: 'pt_session', kind: 'fixed', amountMinor: 1_000 });
  const trainer = await org.newUser({ role: 'trainer' });
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ centerId, weekday, start: '00:00', end: '23:59' }));
  await call('PUT', `/trainers/${trainer.id}/hours`, { hours }, 200);
  const [centre] = await ctx.database.db.select().from(centers).where(eq(centers.id, centerId));
  const day = today(centre!.timeZone);
  const off = await call(
    'POST',
    `/trainers/${trainer.id}/days-off`,
    { from: addDays(day, 30), to: addDays(day, 31) },
    201,
  );
  const session = await call(
    'POST',
    '/pt-sessions',
    {
      entitlementId: sale.lines[0].entitlementId,
      centerId,
      trainerId: trainer.id,
      roomId,
      date: day,
      startTime: '00:15',
    },
    201,
  );
  await call('POST', `/pt-sessions/${session.id}/complete`, {}, 200);
  return { ptSession: session.id, trainer: trainer.id, dayOff: off.id };
}

/**
 * Online payments' rows: the organisation's provider settings, a pay link for the invoice, an order
 * of it paid at the simulated provider (its session and its event as received), and the member's
 * and the invoice's public payment ids.
 */
async function fillPayments(ctx: TestContext, org: TestOrganisation, memberId: string, invoiceId: string) {
  const { db } = ctx.database;
  const organisationId = org.id;
  const centerId = org.centers[0]!.id;
  await paymentsOf(ctx.deps).settingsOf(organisationId);
  const now = new Date();
  const [link] = await db
    .insert(payLinks)
    .values({
      organisationId,
      centerId,
      memberId,
      invoiceId,
      kind: 'balance',
      token: `fill${organisationId.replaceAll('-', '')}`,
      expiresAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
    })
    .returning();
  const [order] = await db
    .insert(paymentOrders)
    .values({
      organisationId,
      centerId,
      memberId,
      provider: 'simulated',
      purpose: `link:${link!.id}`,
      payLinkId: link!.id,
      state: 'failed',
      amountMinor: 100,
      currencyCode: 'BRL',
      description: 'Seeded order',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(paymentOrderItems).values({ organisationId, orderId: order!.id, invoiceId, amountMinor: 100 });
  await db.insert(paymentReminders).values({
    organisationId,
    centerId,
    memberId,
    invoiceId,
    debtId: invoiceId,
    dueOn: '2026-01-05',
    offsetDays: 1,
    outcome: 'sent',
    amountMinor: 100,
    currencyCode: 'BRL',
    payLinkId: link!.id,
    sentTo: 'member@example.com',
    at: now,
  });
  await db.insert(simulatedCheckoutSessions).values({
    id: `cs_sim_fill${organisationId.replaceAll('-', '')}`,
    organisationId,
    orderId: order!.id,
    amountMinor: 100,
    currencyCode: 'BRL',
    description: 'Seeded order',
    merchantName: 'Seeded',
    returnUrl: 'https://gym.example/',
    status: 'failed',
    paymentIntent: 'pi_sim_fill',
    expiresAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(paymentWebhookEvents).values({
    organisationId,
    provider: 'simulated',
    eventId: `evt_fill_${organisationId}`,
    type: 'checkout.session.async_payment_failed',
    orderId: order!.id,
    payload: {},
    receivedAt: now,
    processedAt: now,
    outcome: 'applied',
  });
  await db.insert(onlineRefunds).values({
    organisationId,
    orderId: order!.id,
    invoiceId,
    amountMinor: 100,
    currencyCode: 'BRL',
    request: { reason: 'Seeded refund', lines: [] },
    state: 'failed',
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(memberPaymentIds).values({ organisationId, memberId, publicId: randomUUID(), createdAt: now });
  await db.insert(invoicePaymentIds).values({ organisationId, invoiceId, publicId: randomUUID(), createdAt: now });
}

/** Every table with an `organisation_id` column, read from the catalogue so new tables are covered. */
export async function tenantTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select c.table_name from information_schema.columns c join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'organisation_id' and t.table_type = 'BASE TABLE'
          order by 1`,
    ),
  );
  return rows.map((r) => r.table_name);
}

/** The tenant tables that hold no row of `organisationId` (a fill that forgot a new table). */
export async function emptyTenantTables(db: Db, organisationId: string): Promise<string[]> {
  const empty: string[] = [];
  for (const table of await tenantTables(db)) {
    const rows = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where organisation_id = ${organisationId}`,
      ),
    );
    if (Number(rows[0]!.n) === 0) empty.push(table);
  }
  return empty;
}
