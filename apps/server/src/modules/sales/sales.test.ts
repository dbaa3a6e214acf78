import { addDays } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headers, TestContext, TestOrganisation } from '../../test/harness.ts';
import { checkProperty } from '../../test/property.ts';
import {
  commissionForRole,
  type SellingCatalogue,
  seedCatalogue,
  startSelling,
  stockOf,
} from '../../test/selling-catalogue.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, desk: Headers;
let centerA: string, cat: SellingCatalogue, today: string;

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

beforeAll(async () => ({ ctx, org, manager, desk, centerA, cat, today } = await startSelling()));
afterAll(() => ctx?.close());

/** A new member's sale of the monthly membership at centre A, nothing paid, as the desk makes it. */
const unpaidMonthly = async () => {
  const member = await org.newMember();
  const lines = [{ itemType: 'membership', itemId: cat.monthly.id }];
  return (await req('POST', `/students/${member.id}/sales`, desk, { centerId: centerA, lines })).json();
};

const count = async (table: string) =>
  Number(
    (
      (await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('selling to a member', () => {
  it('sells a quarterly membership with a deposit and two installments, takes the deposit in cash with change', async () => {
    const member = await org.newMember({ firstName: 'Tai Man', lastName: 'Chan' });
    const sell = () =>
      req(
        'POST',
        `/students/${member.id}/sales`,
        { ...desk, 'idempotency-key': 'sale-q-1' },
        {
          centerId: centerA,
          lines: [{ itemType: 'membership', itemId: cat.quarterly.id }],
          depositMinor: 40_000,
          installments: [{ dueOn: addDays(today, 30) }, { dueOn: addDays(today, 60) }],
          payment: { method: 'cash', amountMinor: 40_000, tenderedMinor: 50_000 },
        },
      );
    const res = await sell();
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json();
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^A-\d{6}$/),
      totalMinor: 120_000,
      paidMinor: 40_000,
      balanceMinor: 80_000,
      state: 'partly_paid',
      nextDue: { dueOn: addDays(today, 30), amountMinor: 40_000 },
    });
    // 19 % included: 120,000 / 1.19 = 100,840.34 → net 100,840, tax 19,160.
    expect(invoice.taxes).toEqual([{ rateBp: 1900, netMinor: 100_840, taxMinor: 19_160, grossMinor: 120_000 }]);
    expect(
      invoice.installments.map((i: { amountMinor: number; paidMinor: number }) => [i.amountMinor, i.paidMinor]),
    ).toEqual([
      [40_000, 40_000],
      [40_000, 0],
      [40_000, 0],
    ]);
    expect(invoice.payments[0]).toMatchObject({
      method: 'cash',
      amountMinor: 40_000,
      tenderedMinor: 50_000,
      changeMinor: 10_000,
    });

    const ents = (await req('GET', `/students/${member.id}/entitlements`, desk)).json().items;
    expect(ents).toEqual([
      expect.objectContaining({
        kind: 'membership',
        name: 'Quarterly',
        status: 'active',
        validFrom: today,
        invoiceNumber: invoice.number,
      }),
    ]);
    expect(ents[0].validUntil > addDays(today, 85)).toBe(true);
    const account = (await req('GET', `/students/${member.id}/account`, desk)).json();
    expect(account).toMatchObject({
      balanceMinor: 80_000,
      overdueMinor: 0,
      nextDue: { dueOn: addDays(today, 30), amountMinor: 40_000 },
    });

    // The same request again with its key records nothing new.
    const before = await count('invoices');
    const again = await sell();
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(invoice.id);
    expect(await count('invoices')).toBe(before);
  });

  it('marks a member whose installment fell due unpaid as overdue in the member list, by the unpaid part only', async () => {
    const late = await org.newMember({ firstName: 'Late', lastName: 'Payer' });
    const fine = await org.newMember({ firstName: 'On', lastName: 'Time' });
    const sale = (memberId: string) =>
      req('POST', `/students/${memberId}/sales`, desk, {
        centerId: centerA,
        lines: [{ itemType: 'membership', itemId: cat.quarterly.id }],
        depositMinor: 40_000,
        installments: [{ dueOn: addDays(today, 30) }, { dueOn: addDays(today, 60) }],
        payment: { method: 'cash', amountMinor: 40_000 },
      });
    const invoice = (await sale(late.id)).json();
    expect((await sale(fine.id)).statusCode).toBe(201);
    // A month goes by: the first installment is now past due; 15,000 of its 40,000 was paid.
    await ctx.database.db.execute(
      sql`update installments set due_on = ${addDays(today, -3)} where invoice_id = ${invoice.id} and seq = 1`,
    );
    const paid = await req('POST', `/invoices/${invoice.id}/payments`, desk, { method: 'card', amountMinor: 15_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    const list = (await req('GET', '/students?keyword=Payer', desk)).json().items;
    expect(list.find((m: { id: string }) => m.id === late.id)?.overdueMinor).toBe(25_000);
    const others = (await req('GET', '/students?keyword=Time', desk)).json().items;
    expect(others.find((m: { id: string }) => m.id === fine.id)?.overdueMinor).toBe(0);
    expect((await req('GET', `/students/${late.id}/account`, desk)).json().overdueMinor).toBe(25_000);
    // Every reader of the rule says the same: the invoice, the invoice list and its overdue filter.
    const detail = (await req('GET', `/invoices/${invoice.id}`, desk)).json();
    expect(detail.overdueMinor).toBe(25_000);
    expect(detail.installments.map((i: { overdue: boolean }) => i.overdue)).toEqual([false, true, false]);
    const overdueList = (await req('GET', `/invoices?overdue=true&memberId=${late.id}`, desk)).json().items;
    expect(overdueList.map((i: { id: string; overdueMinor: number }) => [i.id, i.overdueMinor])).toEqual([
      [invoice.id, 25_000],
    ]);
  });

  it('grants a 10-class pack whose credits the ledger gives, with a coupon', async () => {
    const member = await org.newMember();
    const res = await req('POST', `/students/${member.id}/sales`, desk, {
      centerId: centerA,
      lines: [{ itemType: 'package', itemId: cat.pack.id }],
      couponCode: 'welcome10',
      payment: { method: 'card', amountMinor: 72_000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      totalMinor: 72_000,
      discountMinor: 8_000,
      state: 'paid',
      coupon: { code: 'WELCOME10' },
    });
    const [pack] = (await req('GET', `/students/${member.id}/entitlements`, desk)).json().items;
    expect(pack).toMatchObject({
      kind: 'package',
      creditsGranted: 10,
      creditsLeft: 10,
      status: 'active',
      validUntil: addDays(today, 89),
    });
    const again = await req('POST', `/students/${member.id}/sales`, desk, {
      centerId: centerA,
      lines: [{ itemType: 'package', itemId: cat.pack.id }],
      couponCode: 'WELCOME10',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().fields).toEqual([expect.objectContaining({ path: 'couponCode', code: 'coupon_member_limit' })]);
  });

  it('refuses a payment above the balance and never overpays when two race for the last installment', async () => {
    const sale = await unpaidMonthly();
    const over = await req('POST', `/invoices/${sale.id}/payments`, desk, { method: 'cash', amountMinor: 50_001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().fields[0]).toMatchObject({ path: 'amountMinor', code: 'amount_over_balance' });
    const both = await Promise.all(
      [0, 1].map(() => req('POST', `/invoices/${sale.id}/payments`, desk, { method: 'card', amountMinor: 50_000 })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const after = (await req('GET', `/invoices/${sale.id}`, desk)).json();
    expect(after).toMatchObject({ paidMinor: 50_000, balanceMinor: 0, state: 'paid' });
    expect(after.payments).toHaveLength(1);
  });

  it('records one payment when the same payment is sent twice with one key, even at once', async () => {
    const sale = await unpaidMonthly();
    const pay = () =>
      req(
        'POST',
        `/invoices/${sale.id}/payments`,
        { ...desk, 'idempotency-key': `pay-${sale.id}` },
        {
          method: 'cash',
          amountMinor: 20_000,
        },
      );
    const [a, b] = await Promise.all([pay(), pay()]);
    const again = await pay();
    // One is recorded; the other is the same answer replayed, or told the first is still running.
    expect([a.statusCode, b.statusCode].sort()).toEqual(a.statusCode === b.statusCode ? [201, 201] : [201, 409]);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual((a.statusCode === 201 ? a : b).json());
    const after = (await req('GET', `/invoices/${sale.id}`, desk)).json();
    expect(after.payments).toHaveLength(1);
    expect(after.paidMinor).toBe(20_000);
  });

  it('leaves nothing behind when the last line is short of stock', async () => {
    const member = await org.newMember();
    const tables = [
      'invoices',
      'invoice_lines',
      'installments',
      'payments',
      'entitlements',
      'entitlement_ledger',
      'stock_movements',
      'coupon_uses',
    ];
    const before = await Promise.all(tables.map(count));
    const res = await req('POST', `/students/${member.id}/sales`, desk, {
      centerId: centerA,
      lines: [
        { itemType: 'membership', itemId: cat.monthly.id },
        { itemType: 'product', itemId: cat.towel.id, quantity: 2 },
        { itemType: 'product', itemId: cat.towel.id, quantity: 4 },
      ],
      couponCode: 'WELCOME10',
      payment: { method: 'cash', amountMinor: 100 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'lines.2.quantity', code: 'stock_short' })]);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(await stockOf(ctx.database.db, cat.towel.id, centerA)).toBe(5);
  });

  it('gives invoice numbers without gaps or duplicates to 20 sales at once', async () => {
    const member = await org.newMember();
    const before = await count('invoices');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        req('POST', `/students/${member.id}/sales`, desk, {
          centerId: centerA,
          lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await count('invoices')).toBe(before + 20);
    const seqs = (
      (await ctx.database.db.execute(
        sql`select seq from invoices where organisation_id = ${org.id} order by seq`,
      )) as unknown as { rows: { seq: number }[] }
    ).rows.map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('lets a manager refund a product sale: stock and commission come back', async () => {
    await commissionForRole(ctx.database.db, org.id, 'frontdesk', 1000);
    const member = await org.newMember();
    const sale = (
      await req('POST', `/students/${member.id}/sales`, desk, {
        centerId: centerA,
        lines: [{ itemType: 'product', itemId: cat.towel.id, quantity: 2 }],
        payment: { method: 'cash', amountMinor: 19_800 },
      })
    ).json();
    expect(await stockOf(ctx.database.db, cat.towel.id, centerA)).toBe(3);
    const commission = async () =>
      Number(
        (
          (await ctx.database.db.execute(
            sql`select coalesce(sum(amount_minor), 0)::int as n from commission_entries where invoice_line_id = ${sale.lines[0].id}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    expect(await commission()).toBe(1_980);
    const forbidden = await req('POST', `/invoices/${sale.id}/refunds`, desk, {
      reason: 'Wrong size',
      lines: [{ lineId: sale.lines[0].id, quantity: 2 }],
    });
    expect(forbidden.statusCode).toBe(403);
    const res = await req('POST', `/invoices/${sale.id}/refunds`, manager, {
      reason: 'Wrong size',
      lines: [{ lineId: sale.lines[0].id, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'refunded', paidMinor: 0, refundedMinor: 19_800, balanceMinor: 0 });
    expect(res.json().payments.map((p: { kind: string; amountMinor: number }) => [p.kind, p.amountMinor])).toEqual([
      ['payment', 19_800],
      ['refund', 19_800],
    ]);
    expect(await stockOf(ctx.database.db, cat.towel.id, centerA)).toBe(5);
    expect(await commission()).toBe(0);
  });

  it('refuses a price override to the front desk and audits a manager’s', async () => {
    const member = await org.newMember();
    const body = {
      centerId: centerA,
      lines: [
        { itemType: 'membership', itemId: cat.monthly.id, unitPriceMinor: 40_000, priceOverrideReason: 'Staff friend' },
      ],
    };
    expect((await req('POST', `/students/${member.id}/sales`, desk, body)).statusCode).toBe(403);
    const res = await req('POST', `/students/${member.id}/sales`, manager, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0]).toMatchObject({
      listPriceMinor: 50_000,
      unitPriceMinor: 40_000,
      priceOverrideReason: 'Staff friend',
    });
    const audit = (await req('GET', '/audit?action=invoice.price_overridden', manager)).json();
    expect(audit.items?.length ?? 0).toBeGreaterThan(0);
  });

  it('does not show another organisation’s invoices', async () => {
    const other = await ctx.newOrganisation();
    const otherManager = ctx.bearer(await (await other.newUser({ role: 'manager' })).login());
    const sale = await unpaidMonthly();
    expect((await req('GET', `/invoices/${sale.id}`, otherManager)).statusCode).toBe(404);
    expect(
      (await req('POST', `/invoices/${sale.id}/payments`, otherManager, { method: 'cash', amountMinor: 1 })).statusCode,
    ).toBe(404);
    const list = (await req('GET', '/invoices', otherManager)).json();
    expect(list.total).toBe(0);
  });

  it('gives the last use of a coupon and the last item in stock to one of two sales at once', async () => {
    const { db } = ctx.database;
    const limited = await seedCatalogue(db, org.id, centerA, '-race');
    await db.execute(sql`update coupons set usage_limit = 1, per_member_limit = null where id = ${limited.welcome.id}`);
    await db.execute(sql`update product_stock set on_hand = 1 where product_id = ${limited.towel.id}`);
    const [m1, m2] = [await org.newMember(), await org.newMember()];
    const coupon = await Promise.all(
      [m1, m2].map((m) =>
        req('POST', `/students/${m.id}/sales`, desk, {
          centerId: centerA,
          lines: [{ itemType: 'membership', itemId: limited.monthly.id }],
          couponCode: limited.welcome.code,
        }),
      ),
    );
    expect(coupon.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(coupon.find((r) => r.statusCode === 422)!.json().fields[0]).toMatchObject({
      path: 'couponCode',
      code: 'coupon_used_up',
    });
    const stock = await Promise.all(
      [m1, m2].map((m) =>
        req('POST', `/students/${m.id}/sales`, desk, {
          centerId: centerA,
          lines: [{ itemType: 'product', itemId: limited.towel.id }],
        }),
      ),
    );
    expect(stock.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await stockOf(db, limited.towel.id, centerA)).toBe(0);
  });

  it('keeps payments, refunds and commission consistent for any sequence of them, whole, partial or pro rata', async () => {
    const { db } = ctx.database;
    const member = await org.newMember();
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
    const lines = [
      { itemType: 'membership', itemId: cat.monthly.id },
      { itemType: 'product', itemId: cat.towel.id, quantity: 2 },
      { itemType: 'package', itemId: cat.pack.id },
    ];
    // 50,000 + 2 × 9,900 + 80,000.
    const total = 149_800;
    await checkProperty(
      'payments and refunds',
      fc.asyncProperty(
        fc.record({
          // Paid in full at the sale, or a deposit with one installment left.
          paidInFull: fc.boolean(),
          steps: fc.array(
            fc.oneof(
              fc.record({ pay: fc.integer({ min: 1, max: 80_000 }) }),
              fc.record({
                refundLine: fc.nat(2),
                quantity: fc.integer({ min: 1, max: 2 }),
                mode: fc.constantFrom('whole', 'unused'),
                // Money given back: the default (what was paid, or its unused part), or an amount typed.
                amount: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 90_000 })), { nil: undefined }),
              }),
              // Classes taken from the pack, so that "unused" is a real part of it.
              fc.record({ useCredits: fc.integer({ min: 1, max: 10 }) }),
            ),
            { minLength: 1, maxLength: 6 },
          ),
        }),
        async ({ paidInFull, steps }) => {
          await db.execute(sql`update product_stock set on_hand = 5 where product_id = ${cat.towel.id}`);
          const created = await req('POST', `/students/${member.id}/sales`, desk, {
            centerId: centerA,
            lines,
            ...(paidInFull
              ? { payment: { method: 'cash', amountMinor: total } }
              : { depositMinor: 20_000, installments: [{ dueOn: addDays(today, 30) }] }),
          });
          expect(created.statusCode, created.body).toBe(201);
          const sale = created.json();
          for (const step of steps) {
            let res: Awaited<ReturnType<typeof req>>;
            if ('pay' in step) {
              res = await req('POST', `/invoices/${sale.id}/payments`, desk, { method: 'card', amountMinor: step.pay });
            } else if ('useCredits' in step) {
              res = await req(
                'POST',
                `/students/${member.id}/entitlements/${sale.lines[2].entitlementId}/actions`,
                manager,
                { action: 'adjust', credits: -step.useCredits, reason: 'Classes taken' },
              );
            } else {
              res = await req('POST', `/invoices/${sale.id}/refunds`, manager, {
                reason: 'Property',
                lines: [
                  {
                    lineId: sale.lines[step.refundLine].id,
                    quantity: step.quantity,
                    mode: step.mode,
                    ...(step.amount === undefined ? {} : { amountMinor: step.amount }),
                  },
                ],
              });
            }
            expect([200, 201, 422], res.body).toContain(res.statusCode);
          }
          const inv = (await req('GET', `/invoices/${sale.id}`, desk)).json();
          const [money] = await rows<{ paid: number; back: number; cancelled: number; items: number }>(
            sql`select coalesce(sum(amount_minor) filter (where kind = 'payment'), 0)::int as paid,
                       coalesce(sum(amount_minor) filter (where kind = 'refund'), 0)::int as back,
                       (select coalesce(sum(ri.credit_minor), 0)::int from refund_items ri
                          join payments r on r.id = ri.refund_id where r.invoice_id = ${sale.id}) as cancelled,
                       (select coalesce(sum(ri.amount_minor), 0)::int from refund_items ri
                          join payments r on r.id = ri.refund_id where r.invoice_id = ${sale.id}) as items
                from payments where invoice_id = ${sale.id}`,
          );
          // Paid, refunded and the balance follow exactly from the payment and refund rows.
          expect(inv.paidMinor).toBe(money!.paid - money!.back);
          expect(inv.refundedMinor).toBe(money!.cancelled);
          expect(money!.items).toBe(money!.back);
          // Money is never created: never more given back than taken, never more taken than owed.
          expect(inv.paidMinor).toBeGreaterThanOrEqual(0);
          expect(inv.paidMinor + inv.refundedMinor).toBeLessThanOrEqual(inv.totalMinor);
          expect(inv.balanceMinor).toBe(inv.totalMinor - inv.refundedMinor - inv.paidMinor);
          const open = inv.installments.reduce(
            (s: number, i: { amountMinor: number; paidMinor: number }) => s + i.amountMinor - i.paidMinor,
            0,
          );
          expect(open).toBe(inv.balanceMinor);
          for (const l of inv.lines) expect(l.refundedMinor).toBeLessThanOrEqual(l.totalMinor);
          const [c] = await rows<{ n: number }>(
            sql`select coalesce(sum(ce.amount_minor), 0)::int as n from commission_entries ce
                join invoice_lines il on il.id = ce.invoice_line_id where il.invoice_id = ${sale.id}`,
          );
          expect(c!.n).toBeGreaterThanOrEqual(0);
          if (inv.state === 'refunded') expect(c!.n).toBe(0);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('starts entitlements at the first payment when the organisation says so, and takes only its own payment methods', async () => {
    const other = await ctx.newOrganisation();
    const centerId = other.centers[0]!.id;
    const admin = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
    const otherCat = await seedCatalogue(ctx.database.db, other.id, centerId);
    const config = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/pro/config',
      headers: admin,
      payload: { entitlementActivation: 'on_payment', paymentMethods: [{ code: 'octopus', name: 'Octopus card' }] },
    });
    expect(config.statusCode, config.body).toBe(200);
    const builtIn = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/pro/config',
      headers: admin,
      payload: { paymentMethods: [{ code: 'cash', name: 'Cash again' }] },
    });
    expect(builtIn.statusCode).toBe(400);
    const member = await other.newMember();
    const sale = (
      await req('POST', `/students/${member.id}/sales`, admin, {
        centerId,
        lines: [{ itemType: 'package', itemId: otherCat.pack.id }],
      })
    ).json();
    const before = (await req('GET', `/students/${member.id}/entitlements`, admin)).json().items[0];
    expect(before).toMatchObject({ status: 'pending', validFrom: null, creditsLeft: 10 });
    const unknown = await req('POST', `/invoices/${sale.id}/payments`, admin, { method: 'alipay', amountMinor: 1_000 });
    expect(unknown.json().fields[0]).toMatchObject({ path: 'method', code: 'method_unknown' });
    const paid = await req('POST', `/invoices/${sale.id}/payments`, admin, { method: 'octopus', amountMinor: 1_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = (await req('GET', `/students/${member.id}/entitlements`, admin)).json().items[0];
    expect(after).toMatchObject({ status: 'active', creditsLeft: 10 });
    expect(after.validFrom).not.toBeNull();
    const history = (await req('GET', `/students/${member.id}/entitlements/${after.id}/ledger`, admin)).json().items;
    expect(history.map((r: { kind: string }) => r.kind)).toEqual(['grant', 'activate']);
  });

  it('freezes a membership, moving its end, within the plan’s rules', async () => {
    const member = await org.newMember();
    await req('POST', `/students/${member.id}/sales`, desk, {
      centerId: centerA,
      lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
      payment: { method: 'cash', amountMinor: 50_000 },
    });
    const [ent] = (await req('GET', `/students/${member.id}/entitlements`, desk)).json().items;
    const act = (body: unknown, who = desk) =>
      req('POST', `/students/${member.id}/entitlements/${ent.id}/actions`, who, body);
    const tooLong = await act({ action: 'freeze', from: addDays(today, 1), until: addDays(today, 40) });
    expect(tooLong.json().fields[0]).toMatchObject({ path: 'until', code: 'freeze_days_limit' });
    const frozen = await act({ action: 'freeze', from: addDays(today, 1), until: addDays(today, 10) });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json().items[0].validUntil).toBe(addDays(ent.validUntil, 10));
    expect((await act({ action: 'freeze', from: addDays(today, 12), until: addDays(today, 13) })).statusCode).toBe(422);
    expect((await act({ action: 'extend', days: 5, reason: 'Goodwill' })).statusCode).toBe(403);
    const extended = await act({ action: 'extend', days: 5, reason: 'Goodwill' }, manager);
    expect(extended.json().items[0].validUntil).toBe(addDays(ent.validUntil, 15));
  });

  it('lets an admin set commission rules, and shows a staff member’s sales and commission by month', async () => {
    const admin = await org.signIn('admin');
    const seller = await org.newUser({ role: 'frontdesk' });
    const sellerHeaders = ctx.bearer(await seller.login());
    const refused = await req('POST', '/commission-rules', manager, {
      staffId: seller.id,
      itemType: 'membership',
      kind: 'fixed',
      amountMinor: 2_000,
    });
    expect(refused.statusCode).toBe(403);
    const neither = await req('POST', '/commission-rules', admin, {
      itemType: 'membership',
      kind: 'fixed',
      amountMinor: 2_000,
    });
    expect(neither.statusCode).toBe(400);
    const rule = await req('POST', '/commission-rules', admin, {
      staffId: seller.id,
      itemType: 'membership',
      kind: 'fixed',
      amountMinor: 2_000,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const member = await org.newMember();
    await req('POST', `/students/${member.id}/sales`, sellerHeaders, {
      centerId: centerA,
      lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
      payment: { method: 'cash', amountMinor: 25_000 },
    });
    const month = today.slice(0, 7);
    const report = (await req('GET', `/staff/${seller.id}/commission?year=${today.slice(0, 4)}`, manager)).json();
    expect(report.months.find((m: { month: string }) => m.month === month)).toEqual({
      month,
      lines: 1,
      salesMinor: 50_000,
      // The fixed 20.00 per membership, half paid so far.
      commissionMinor: 1_000,
    });
    expect((await req('GET', `/staff/${seller.id}/commission?year=2026`, desk)).statusCode).toBe(403);
    const csv = await req('GET', `/staff/${seller.id}/commission/export?year=${today.slice(0, 4)}&format=csv`, manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${month},`);
    expect(csv.body.split('\n').find((l) => l.startsWith(month))).toMatch(/,1,[A-Z]{3},500\.00,10\.00/);
    expect(
      (await req('GET', `/staff/${seller.id}/commission/export?year=${today.slice(0, 4)}&format=csv`, desk)).statusCode,
    ).toBe(403);
    const rules = (await req('GET', `/commission-rules?staffId=${seller.id}`, manager)).json().items;
    expect(rules.map((r: { staff: { id: string } | null; role: string | null }) => r.staff?.id ?? r.role)).toEqual(
      expect.arrayContaining([seller.id, 'frontdesk']),
    );
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/pro/commission-rules/${rule.json().id}`,
      headers: admin,
      payload: { active: false },
    });
    expect(off.json().active).toBe(false);
  });

  it('gives a refund back by the last payment’s method unless told, refuses a method not set up, and matches % in a keyword literally', async () => {
    const member = await org.newMember();
    const sale = (
      await req('POST', `/students/${member.id}/sales`, desk, {
        centerId: centerA,
        lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
        payment: { method: 'cash', amountMinor: 10_000 },
      })
    ).json();
    await req('POST', `/invoices/${sale.id}/payments`, desk, { method: 'card', amountMinor: 10_000 });
    const unknown = await req('POST', `/invoices/${sale.id}/refunds`, manager, {
      reason: 'Moving abroad',
      method: 'bitcoin',
      lines: [{ lineId: sale.lines[0].id }],
    });
    expect(unknown.json().fields[0]).toMatchObject({ path: 'method', code: 'method_unknown' });
    const refunded = await req('POST', `/invoices/${sale.id}/refunds`, manager, {
      reason: 'Moving abroad',
      lines: [{ lineId: sale.lines[0].id }],
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json().payments.find((p: { kind: string }) => p.kind === 'refund')).toMatchObject({
      method: 'card',
      amountMinor: 20_000,
    });
    expect((await req('GET', '/invoices?keyword=%25', manager)).json().total).toBe(0);
  });
});
