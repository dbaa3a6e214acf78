/**
 * The business's invariants (db/invariants.ts) hold on the demo's year of sales, refunds, entries and
 * bookings, and each one speaks when its rule is broken by hand (inside a transaction rolled back,
 * so each break is seen alone).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import type { Db } from './client.ts';
import { invariantBreaches } from './invariants.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.database.db, ctx.deps.hasher);
}, 300_000);

afterAll(() => ctx?.close());

class RolledBack extends Error {}

/** The breaches seen after `breakIt`, inside a transaction that is then rolled back. */
async function breachesAfter(breakIt: (tx: Db) => Promise<unknown>): Promise<string[]> {
  let seen: string[] = [];
  await ctx.database.db
    .transaction(async (tx) => {
      await breakIt(tx as unknown as Db);
      seen = await invariantBreaches(tx as unknown as Db);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return seen;
}

describe('invariantBreaches', () => {
  it('finds none in the demo database, which has paid, part-paid and refunded invoices, packs, bookings and entries', async () => {
    const [counts] = (
      (await ctx.database.db.execute(sql`
        select (select count(*) from payments where kind = 'refund')::int as refunds,
               (select count(*) from entitlement_state where credits_left is not null)::int as packs,
               (select count(*) from bookings)::int as bookings,
               (select count(*) from entries where scan_id is not null)::int as scanned`)) as unknown as {
        rows: { refunds: number; packs: number; bookings: number; scanned: number }[];
      }
    ).rows;
    expect(counts!.refunds).toBeGreaterThan(0);
    expect(counts!.packs).toBeGreaterThan(0);
    expect(counts!.bookings).toBeGreaterThan(0);
    expect(await invariantBreaches(ctx.database.db)).toEqual([]);
  });

  it('names an invoice whose paid amount is not its payments less its refunds', async () => {
    const found = await breachesAfter((tx) =>
      tx.execute(sql`update invoices set paid_minor = paid_minor + 1
                     where id = (select invoice_id from payments where kind = 'refund' limit 1)`),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^invoice \S+ paid \d+ but its payments less refunds are \d+$/);
  });

  it('names a pack whose credits differ from its ledger, and one whose ledger went below zero', async () => {
    const found = await breachesAfter(async (tx) => {
      const [pack] = (
        (await tx.execute(sql`select entitlement_id as id, credits_left as left from entitlement_state
                              where credits_left is not null and credits_held = 0 limit 1`)) as unknown as {
          rows: { id: string; left: number }[];
        }
      ).rows;
      // A ledger row taking one more credit than the pack has, its kept state left as it was.
      await tx.execute(sql`insert into entitlement_ledger (organisation_id, entitlement_id, member_id, seq, kind, credits_delta, effective_on)
                           select organisation_id, entitlement_id, member_id, max(seq) + 1, 'adjust', ${-(pack!.left + 1)}, current_date
                           from entitlement_ledger where entitlement_id = ${pack!.id}
                           group by organisation_id, entitlement_id, member_id`);
    });
    expect(found.some((w) => /^entitlement \S+ credits \d+\/0 but its ledger says -1\/0$/.test(w))).toBe(true);
    expect(found.some((w) => /^entitlement \S+ has -1 credits$/.test(w))).toBe(true);
  });

  it('names a class holding more booked members than its places', async () => {
    const found = await breachesAfter((tx) =>
      tx.execute(sql`update classes set capacity = 1 where id = (
                       select class_id from bookings where status in ('booked', 'attended')
                       group by class_id having count(*) >= 2 limit 1)`),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^class \S+ has \d+ booked for 1 places$/);
  });

  it('names online orders whose money is recorded wrongly: a success without its payment, a failure with one, an amount that differs', async () => {
    const found = await breachesAfter(async (tx) => {
      // Three orders on paid invoices of the demo: one succeeded whose item holds no payment, one
      // failed whose item holds the invoice's payment, one succeeded whose item is for a cent more.
      const [paid] = (
        (await tx.execute(sql`select p.id, p.invoice_id, p.amount_minor, p.organisation_id, p.center_id, p.member_id
                              from payments p where p.kind = 'payment' limit 1`)) as unknown as {
          rows: {
            id: string;
            invoice_id: string;
            amount_minor: string;
            organisation_id: string;
            center_id: string;
            member_id: string;
          }[];
        }
      ).rows;
      const order = async (state: string, purpose: string, paymentId: string | null, itemMinor: number) => {
        const [o] = (
          (await tx.execute(sql`insert into payment_orders (organisation_id, center_id, member_id, provider, purpose, state,
                                  amount_minor, currency_code, description, created_at, updated_at)
                                values (${paid!.organisation_id}, ${paid!.center_id}, ${paid!.member_id}, 'simulated',
                                  ${purpose}, ${state}, ${itemMinor}, 'HKD', 'test', now(), now()) returning id`)) as unknown as {
            rows: { id: string }[];
          }
        ).rows;
        await tx.execute(sql`insert into payment_order_items (organisation_id, order_id, invoice_id, amount_minor, payment_id)
                             values (${paid!.organisation_id}, ${o!.id}, ${paid!.invoice_id}, ${itemMinor}, ${paymentId})`);
      };
      const amount = Number(paid!.amount_minor);
      await order('succeeded', 'invariant-a', null, amount);
      await order('failed', 'invariant-b', paid!.id, amount);
      await order('succeeded', 'invariant-c', paid!.id, amount + 1);
    });
    expect(found.some((w) => /^order \S+ succeeded but its item \S+ holds no payment$/.test(w))).toBe(true);
    expect(found.some((w) => /^order \S+ is failed but its item \S+ holds a payment$/.test(w))).toBe(true);
    expect(found.some((w) => /^order item \S+ is for \d+ but its payment is \d+$/.test(w))).toBe(true);
    expect(found.some((w) => /^payment \S+ is held by 2 order items$/.test(w))).toBe(true);
  });
});
