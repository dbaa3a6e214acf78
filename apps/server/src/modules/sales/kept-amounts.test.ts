/**
 * Amounts kept beside their source rows must say what those rows say. After a day of sales
 * (partial payments, installments, refunds, voids), deliveries and counts, and class bookings
 * (some cancelled), each kept amount is rebuilt in SQL from its source rows and compared:
 * - an invoice's `paid_minor`: its payments less its refunds; `refunded_minor`: its refund items'
 *   credit; and what its installments were paid (allocations) is the two together;
 * - a product's `on_hand` at a centre: the sum of its stock movements there;
 * - an entitlement's credits left and held: the sum of its ledger rows;
 * - a booking's `credits_used`, while not given back: the credits its ledger rows took.
 */
import { addDays } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClassesFixture, classesFixture } from '../../test/classes-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let f: ClassesFixture;
/** The products this test made through the API (the fixture's seeded stock has no movements). */
const productIds: string[] = [];

interface Invoice {
  id: string;
  totalMinor: number;
  lines: { id: string; itemType: string; entitlementId: string | null }[];
}

async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, code = 201): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(code);
  return r.json() as T;
}

/** Each kept amount that differs from what its source rows say, named by table, row and column. */
async function differences(organisationId: string): Promise<string[]> {
  const query = async (statement: ReturnType<typeof sql>) =>
    ((await ctx.database.db.execute(statement)) as unknown as { rows: { what: string }[] }).rows.map((r) => r.what);
  const ids = sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return [
    ...(await query(sql`
      with rebuilt as (
        select i.id, i.number, i.paid_minor, i.refunded_minor,
          coalesce((select sum(case p.kind when 'payment' then p.amount_minor else -p.amount_minor end)
                      from payments p where p.invoice_id = i.id), 0) as paid,
          coalesce((select sum(ri.credit_minor) from refund_items ri
                      join payments p on p.id = ri.refund_id where p.invoice_id = i.id), 0) as refunded,
          coalesce((select sum(pa.amount_minor) from payment_allocations pa
                      join installments n on n.id = pa.installment_id where n.invoice_id = i.id), 0) as allocated
        from invoices i where i.organisation_id = ${organisationId})
      select 'invoice ' || number || ' paid_minor ' || paid_minor || ' <> ' || paid as what from rebuilt where paid_minor <> paid
      union all
      select 'invoice ' || number || ' refunded_minor ' || refunded_minor || ' <> ' || refunded from rebuilt where refunded_minor <> refunded
      union all
      select 'invoice ' || number || ' installments paid ' || allocated || ' <> ' || (paid_minor + refunded_minor)
        from rebuilt where allocated <> paid_minor + refunded_minor`)),
    ...(await query(sql`
      select 'product_stock ' || s.product_id || ' on_hand ' || s.on_hand || ' <> ' || coalesce(m.moved, 0) as what
      from product_stock s
      left join (select product_id, center_id, sum(quantity) as moved from stock_movements group by product_id, center_id) m
        on m.product_id = s.product_id and m.center_id = s.center_id
      where s.organisation_id = ${organisationId} and s.product_id in (${ids}) and s.on_hand <> coalesce(m.moved, 0)`)),
    ...(await query(sql`
      select 'entitlement ' || s.entitlement_id || ' credits ' || coalesce(s.credits_left, 0) || '/' || s.credits_held
        || ' <> ' || l.credits || '/' || l.held as what
      from entitlement_state s
      join (select entitlement_id, sum(credits_delta) as credits, sum(held_delta) as held
              from entitlement_ledger group by entitlement_id) l on l.entitlement_id = s.entitlement_id
      where s.organisation_id = ${organisationId} and s.credits_left is not null
        and (s.credits_left <> l.credits or s.credits_held <> l.held)`)),
    ...(await query(sql`
      select 'booking ' || b.id || ' credits_used ' || b.credits_used || ' <> ' || -coalesce(l.taken, 0) as what
      from bookings b
      left join (select ref_id, sum(credits_delta) as taken from entitlement_ledger
                  where ref_type = 'booking' group by ref_id) l on l.ref_id = b.id
      where b.organisation_id = ${organisationId} and b.paid_by = 'package'
        and (case when b.credit_returned then 0 else b.credits_used end) <> -coalesce(l.taken, 0)`)),
  ];
}

beforeAll(async () => {
  ctx = await createTestContext();
  f = await classesFixture(ctx);
  const { call, manager, desk, centerA, cat } = f;
  const today = f.today();
  const sell = async (body: Record<string, unknown>) => {
    const member = await f.org.newMember();
    return ok<Invoice>(call('POST', `/students/${member.id}/sales`, desk, { centerId: centerA, ...body }));
  };

  // The shop: two products delivered, one counted down, and a set of both.
  const bottle = await ok<{ id: string }>(
    call('POST', '/products', manager, { name: 'Bottle', sku: 'KEPT-BTL', price: 1_500 }),
  );
  const bar = await ok<{ id: string }>(
    call('POST', '/products', manager, { name: 'Bar', sku: 'KEPT-BAR', price: 300 }),
  );
  productIds.push(bottle.id, bar.id);
  await ok(
    call('POST', `/products/${bottle.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'received',
      quantity: 40,
    }),
  );
  await ok(
    call('POST', `/products/${bar.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'received',
      quantity: 100,
    }),
  );
  await ok(
    call('POST', `/products/${bar.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'adjusted',
      quantity: -3,
      reason: 'Three found opened',
    }),
  );
  const kit = await ok<{ id: string }>(
    call('POST', '/product-sets', manager, {
      name: 'Kit',
      price: 1_600,
      items: [
        { productId: bottle.id, quantity: 1 },
        { productId: bar.id, quantity: 2 },
      ],
    }),
  );

  // Paid in full at the desk, then some bars returned with money back.
  const shop = await sell({
    lines: [
      { itemType: 'product', itemId: bar.id, quantity: 6 },
      { itemType: 'product_set', itemId: kit.id, quantity: 2 },
    ],
    payment: { method: 'cash', amountMinor: 6 * 300 + 2 * 1_600 },
  });
  await ok(
    call('POST', `/invoices/${shop.id}/refunds`, manager, {
      reason: 'Wrong flavour',
      lines: [{ lineId: shop.lines[0]!.id, quantity: 2 }],
    }),
  );

  // A deposit and two installments, one of them paid later; then the package refunded for what is unused.
  const installed = await sell({
    lines: [
      { itemType: 'package', itemId: cat.pack.id },
      { itemType: 'product', itemId: bottle.id, quantity: 1 },
    ],
    depositMinor: 20_000,
    installments: [{ dueOn: addDays(today, 30) }, { dueOn: addDays(today, 60) }],
    payment: { method: 'card', amountMinor: 20_000 },
  });
  await ok(call('POST', `/invoices/${installed.id}/payments`, desk, { method: 'transfer', amountMinor: 25_000 }));
  await ok(
    call('POST', `/invoices/${installed.id}/refunds`, manager, {
      reason: 'Moving away',
      lines: [{ lineId: installed.lines[0]!.id, mode: 'unused' }],
    }),
  );

  // Paid in part, then the unpaid product line returned (nothing given back, the balance lowered).
  const part = await sell({
    lines: [
      { itemType: 'membership', itemId: cat.monthly.id },
      { itemType: 'product', itemId: bottle.id, quantity: 3 },
    ],
    payment: { method: 'cash', amountMinor: 30_000 },
  });
  await ok(call('POST', `/invoices/${part.id}/payments`, desk, { method: 'card', amountMinor: 1_000 }));
  await ok(
    call('POST', `/invoices/${part.id}/refunds`, manager, {
      reason: 'Returned unopened',
      lines: [{ lineId: part.lines[1]!.id, quantity: 1 }],
    }),
  );

  // Installments paid in part, nothing refunded: it still owes.
  const owing = await sell({
    lines: [{ itemType: 'membership', itemId: cat.quarterly.id }],
    depositMinor: 40_000,
    installments: [{ dueOn: addDays(today, 30) }, { dueOn: addDays(today, 60) }],
    payment: { method: 'card', amountMinor: 40_000 },
  });
  await ok(call('POST', `/invoices/${owing.id}/payments`, desk, { method: 'cash', amountMinor: 15_000 }));

  // Sold and voided before anything was paid: stock back, the package ended.
  const voided = await sell({
    lines: [
      { itemType: 'package', itemId: cat.pack.id },
      { itemType: 'product_set', itemId: kit.id },
    ],
  });
  await ok(call('POST', `/invoices/${voided.id}/void`, manager, { reason: 'Sold to the wrong member' }), 200);

  // Class bookings paid by packages: some kept, one cancelled in time (its credit given back).
  const yoga = await f.newClass();
  const pilates = await f.newClass({ startTime: '09:00', date: addDays(today, 2) });
  const ann = await f.memberWithCredits();
  const ben = await f.memberWithCredits();
  await ok(f.book(ann.id, yoga.class.id));
  await ok(f.book(ann.id, pilates.class.id));
  const bens = await ok<{ id: string }>(f.book(ben.id, yoga.class.id));
  await ok(call('POST', `/bookings/${bens.id}/cancel`, desk, { reason: 'Ill' }), 200);
}, 60_000);
afterAll(() => ctx?.close());

describe('kept amounts', () => {
  it('match their source rows after sales, payments, refunds, voids, stock movements and bookings', async () => {
    const found = await differences(f.org.id);
    expect(found).toEqual([]);
    // The mix did reach every kind of row checked.
    const { rows } = (await ctx.database.db.execute(sql`
      select
        (select count(*) from invoices where organisation_id = ${f.org.id} and refunded_minor > 0)::int as refunded,
        (select count(*) from invoices where organisation_id = ${f.org.id} and state = 'void')::int as voided,
        (select count(*) from invoices where organisation_id = ${f.org.id} and state = 'partly_paid')::int as partly,
        (select count(*) from stock_movements where organisation_id = ${f.org.id} and kind = 'returned')::int as returned,
        (select count(*) from bookings where organisation_id = ${f.org.id} and credit_returned)::int as given_back,
        (select count(*) from bookings where organisation_id = ${f.org.id} and paid_by = 'package' and not credit_returned)::int as booked
    `)) as unknown as { rows: Record<string, number>[] };
    expect(rows[0]).toEqual({ refunded: 3, voided: 1, partly: 1, returned: 4, given_back: 1, booked: 2 });
  });

  it('finds a kept amount changed behind its rows’ back', async () => {
    const { db } = ctx.database;
    const org = f.org.id;
    const one = async (statement: ReturnType<typeof sql>) =>
      ((await db.execute(statement)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const invoice = await one(sql`select id from invoices where organisation_id = ${org} and state = 'partly_paid'`);
    const booking = await one(
      sql`select id from bookings where organisation_id = ${org} and paid_by = 'package' and not credit_returned limit 1`,
    );
    const tamper = [
      [
        sql`update invoices set paid_minor = paid_minor + 1 where id = ${invoice}`,
        sql`update invoices set paid_minor = paid_minor - 1 where id = ${invoice}`,
        /^invoice \S+ paid_minor /,
      ],
      [
        sql`update invoices set refunded_minor = refunded_minor + 1 where id = ${invoice}`,
        sql`update invoices set refunded_minor = refunded_minor - 1 where id = ${invoice}`,
        /^invoice \S+ refunded_minor /,
      ],
      [
        sql`update product_stock set on_hand = on_hand + 1 where product_id = ${productIds[0]}`,
        sql`update product_stock set on_hand = on_hand - 1 where product_id = ${productIds[0]}`,
        new RegExp(`^product_stock ${productIds[0]} on_hand `),
      ],
      [
        sql`update bookings set credits_used = credits_used + 1 where id = ${booking}`,
        sql`update bookings set credits_used = credits_used - 1 where id = ${booking}`,
        new RegExp(`^booking ${booking} credits_used `),
      ],
      [
        sql`update entitlement_state set credits_left = credits_left - 1
              where entitlement_id = (select entitlement_id from bookings where id = ${booking})`,
        sql`update entitlement_state set credits_left = credits_left + 1
              where entitlement_id = (select entitlement_id from bookings where id = ${booking})`,
        /^entitlement \S+ credits /,
      ],
    ] as const;
    for (const [change, undo, expected] of tamper) {
      await db.execute(change);
      const found = await differences(org);
      await db.execute(undo);
      expect(
        found.some((d) => expected.test(d)),
        found.join('\n'),
      ).toBe(true);
    }
    expect(await differences(org)).toEqual([]);
  });
});
