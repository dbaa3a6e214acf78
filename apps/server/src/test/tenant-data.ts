/**
 * Rows of one organisation in every tenant table (the isolation and bad-input suites run against
 * them), and the check that no table with an `organisation_id` was forgotten.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  auditLog,
  cardLinkTokens,
  cards,
  coupons,
  domainEvents,
  idempotencyKeys,
  importPresets,
  memberGroupMembers,
  memberGroups,
  memberImports,
  offers,
  outboxEmails,
  passwordResetTokens,
  productSetItems,
  productSets,
  productStock,
  products,
  readers,
  rooms,
  stockMovements,
} from '../db/schema/index.ts';
import { rowsOf } from './db-snapshot.ts';
import type { TestContext, TestOrganisation } from './harness.ts';

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
  | 'product'
  | 'productSet'
  | 'coupon'
  | 'offer',
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
  const member = await org.newMember({ cardNumber: `C${organisationId.slice(0, 7)}` });
  const [memberCard] = await db.select({ id: cards.id }).from(cards).where(sql`${cards.memberId} = ${member.id}`);
  await db.insert(cards).values({ organisationId, staffId: desk.id, number: `S${organisationId.slice(0, 7)}` });
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
  // The retail catalogue: a product with stock and a movement, a set of it, a coupon and an offer.
  const [product] = await db
    .insert(products)
    .values({
      organisationId,
      name: 'Towel',
      sku: 'TWL-1',
      barcode: `B${organisationId.slice(0, 8)}`,
      priceMinor: 5000,
    })
    .returning();
  await db.insert(productStock).values({ organisationId, productId: product!.id, centerId: centerA.id, onHand: 3 });
  await db.insert(stockMovements).values({
    organisationId,
    productId: product!.id,
    centerId: centerA.id,
    kind: 'received',
    quantity: 3,
    staffId: admin.id,
  });
  const [productSet] = await db
    .insert(productSets)
    .values({ organisationId, name: 'Starter kit', priceMinor: 9000 })
    .returning();
  await db
    .insert(productSetItems)
    .values({ organisationId, setId: productSet!.id, productId: product!.id, quantity: 2 });
  const [coupon] = await db
    .insert(coupons)
    .values({ organisationId, code: 'WELCOME10', kind: 'percent', percentBp: 1000 })
    .returning();
  const [offer] = await db
    .insert(offers)
    .values({
      organisationId,
      title: 'Towel week',
      cart: [{ type: 'product', id: product!.id, quantity: 1 }],
      couponId: coupon!.id,
    })
    .returning();
  return {
    product: product!.id,
    productSet: productSet!.id,
    coupon: coupon!.id,
    offer: offer!.id,
    center: centerA.id,
    user: desk.id,
    member: member.id,
    card: memberCard!.id,
    group: group!.id,
    room: room!.id,
    reader: reader!.id,
    preset: preset!.id,
    cardLink: link!.id,
  };
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
