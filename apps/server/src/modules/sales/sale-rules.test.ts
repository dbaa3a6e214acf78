/**
 * What a sale may be told: a manual discount (the price-override permission above the organisation's
 * cap, always a reason and an audit row), amounts too large to be money, and the offer it is sold under.
 */
import { MONEY_MAX } from '@gym/contract/money';
import { addDays } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema/index.ts';
import type { Headers, TestContext, TestOrganisation } from '../../test/harness.ts';
import { checkProperty } from '../../test/property.ts';
import { type SellingCatalogue, startSelling } from '../../test/selling-catalogue.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, desk: Headers;
let centerA: string, centerB: string, cat: SellingCatalogue, today: string;
let admin: Headers;

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const invoiceCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from invoices where organisation_id = ${org.id}`))[0]!.n;

beforeAll(async () => {
  ({ ctx, org, manager, desk, centerA, centerB, cat, today } = await startSelling());
  admin = await org.signIn('admin');
});
afterAll(() => ctx?.close());

const sell = async (who: Headers, body: Record<string, unknown>) =>
  req('POST', `/students/${(await org.newMember()).id}/sales`, who, { centerId: centerA, ...body });

describe('a manual discount on a line', () => {
  it('is refused to the front desk above the organisation’s cap (none by default), and writes nothing', async () => {
    expect((await req('GET', '/config', admin)).json().manualDiscountCapBp).toBe(0);
    const before = await invoiceCount();
    // A HK$680 membership for nothing, as the testers sold it.
    const free = await sell(desk, {
      lines: [{ itemType: 'membership', itemId: cat.monthly.id, discountMinor: 50_000, priceOverrideReason: 'Friend' }],
    });
    expect(free.statusCode, free.body).toBe(403);
    expect(free.json().fields).toEqual([
      expect.objectContaining({ path: 'lines.0.discountMinor', code: 'discount_forbidden' }),
    ]);
    const small = await sell(desk, {
      lines: [{ itemType: 'membership', itemId: cat.monthly.id, discountMinor: 1, priceOverrideReason: 'Rounding' }],
    });
    expect(small.statusCode).toBe(403);
    expect(await invoiceCount()).toBe(before);
  });

  it('lets the desk give up to the cap with a reason, audited; past the cap it needs a manager', async () => {
    const cap = await req('PATCH', '/config', admin, { manualDiscountCapBp: 1000 });
    expect(cap.statusCode, cap.body).toBe(200);
    expect(cap.json().manualDiscountCapBp).toBe(1000);
    expect((await req('GET', '/config/public', desk)).json().manualDiscountCapBp).toBe(1000);
    expect((await req('PATCH', '/config', admin, { manualDiscountCapBp: 10_001 })).statusCode).toBe(400);
    try {
      const noReason = await sell(desk, {
        lines: [{ itemType: 'membership', itemId: cat.monthly.id, discountMinor: 5_000 }],
      });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().fields).toEqual([
        expect.objectContaining({ path: 'lines.0.priceOverrideReason', code: 'reason_required' }),
      ]);
      // 10 % of 50,000 is the most the desk may take off.
      const over = await sell(desk, {
        lines: [{ itemType: 'membership', itemId: cat.monthly.id, discountMinor: 5_001, priceOverrideReason: 'Loyal' }],
      });
      expect(over.statusCode).toBe(403);
      const ok = await sell(desk, {
        lines: [{ itemType: 'membership', itemId: cat.monthly.id, discountMinor: 5_000, priceOverrideReason: 'Loyal' }],
      });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().lines[0]).toMatchObject({
        discountMinor: 5_000,
        totalMinor: 45_000,
        priceOverrideReason: 'Loyal',
      });
      const audit = (await req('GET', '/audit?action=invoice.price_overridden&pageSize=100', admin)).json();
      const entry = audit.items.find((e: { entityId: string }) => e.entityId === ok.json().id);
      expect(entry).toMatchObject({
        actorRole: 'frontdesk',
        before: { discountMinor: 0 },
        after: { discountMinor: 5_000, reason: 'Loyal' },
      });
    } finally {
      await req('PATCH', '/config', admin, { manualDiscountCapBp: 0 });
    }
  });

  it('lets a manager give any discount with a reason, and audits it', async () => {
    const noReason = await sell(manager, {
      lines: [{ itemType: 'membership', itemId: cat.monthly.id, discountMinor: 50_000 }],
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().fields[0]).toMatchObject({ path: 'lines.0.priceOverrideReason', code: 'reason_required' });
    const res = await sell(manager, {
      lines: [{ itemType: 'membership', itemId: cat.monthly.id, discountMinor: 50_000, priceOverrideReason: 'Staff' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ totalMinor: 0, state: 'issued' });
    const audit = (await req('GET', '/audit?action=invoice.price_overridden&pageSize=100', admin)).json();
    expect(audit.items.some((e: { entityId: string }) => e.entityId === res.json().id)).toBe(true);
  });

  it('does not count the coupon’s discount as a manual one', async () => {
    const res = await sell(desk, {
      lines: [{ itemType: 'package', itemId: cat.pack.id }],
      couponCode: cat.welcome.code,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ discountMinor: 8_000, totalMinor: 72_000 });
  });
});

describe('amounts too large to be money', () => {
  it('refuses a line or a sale past the largest amount with 422 naming the field, never 500', async () => {
    const huge = await sell(manager, {
      lines: Array.from({ length: 50 }, () => ({
        itemType: 'product',
        itemId: cat.towel.id,
        quantity: 1000,
        unitPriceMinor: MONEY_MAX,
        priceOverrideReason: 'Test of the limits',
      })),
    });
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().fields[0]).toMatchObject({ path: 'lines.0.quantity', code: 'line_too_large' });
    const twoBig = await sell(manager, {
      lines: [0, 1].map(() => ({
        itemType: 'product',
        itemId: cat.towel.id,
        quantity: 1,
        unitPriceMinor: MONEY_MAX,
        priceOverrideReason: 'Test of the limits',
      })),
    });
    expect(twoBig.statusCode, twoBig.body).toBe(422);
    expect(twoBig.json().fields[0]).toMatchObject({ path: 'lines', code: 'total_too_large' });
  });

  it('never answers 5xx to the largest amounts and quantities the schemas let through', async () => {
    const paid = await sell(manager, {
      lines: [{ itemType: 'product', itemId: cat.towel.id, quantity: 1 }],
      payment: { method: 'card', amountMinor: 9_900 },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const invoice = paid.json();
    const big = fc.oneof(
      fc.constant(MONEY_MAX),
      fc.integer({ min: MONEY_MAX - 1000, max: MONEY_MAX }),
      fc.nat(MONEY_MAX),
    );
    const line = fc.record({
      itemType: fc.constant('product'),
      itemId: fc.constant(cat.towel.id),
      quantity: fc.oneof(fc.constant(1000), fc.integer({ min: 1, max: 1000 })),
      unitPriceMinor: big,
      discountMinor: big,
      priceOverrideReason: fc.constant('Limits'),
    });
    const command = fc.oneof(
      fc.record({
        sale: fc.record({
          lines: fc.array(line, { minLength: 1, maxLength: 50 }),
          depositMinor: fc.option(fc.integer({ min: 1, max: MONEY_MAX }), { nil: undefined }),
          payment: fc.option(
            fc.record({ method: fc.constant('cash'), amountMinor: fc.integer({ min: 1, max: MONEY_MAX }) }),
            { nil: undefined },
          ),
        }),
      }),
      fc.record({ pay: fc.integer({ min: 1, max: MONEY_MAX }), tendered: fc.integer({ min: 1, max: MONEY_MAX }) }),
      fc.record({ refundAmount: big, quantity: fc.integer({ min: 1, max: 10_000 }) }),
    );
    await checkProperty(
      'largest amounts',
      fc.asyncProperty(command, async (c) => {
        let res: Awaited<ReturnType<typeof req>>;
        if ('sale' in c) {
          const { depositMinor, payment, ...rest } = c.sale;
          res = await sell(manager, {
            ...rest,
            ...(depositMinor ? { depositMinor, installments: [{ dueOn: addDays(today, 30) }] } : {}),
            ...(payment ? { payment } : {}),
          });
        } else if ('pay' in c) {
          res = await req('POST', `/invoices/${invoice.id}/payments`, manager, {
            method: 'cash',
            amountMinor: c.pay,
            tenderedMinor: c.tendered,
          });
        } else {
          res = await req('POST', `/invoices/${invoice.id}/refunds`, manager, {
            reason: 'Limits',
            lines: [{ lineId: invoice.lines[0].id, quantity: c.quantity, amountMinor: c.refundAmount }],
          });
        }
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the offer a sale is made under', () => {
  const newOffer = async (values: Partial<typeof offers.$inferInsert> = {}, organisationId = org.id) => {
    const [row] = await ctx.database.db
      .insert(offers)
      .values({ organisationId, title: 'Summer', cart: [], ...values })
      .returning();
    return row!;
  };

  it('refuses an unknown offer, another organisation’s, a switched-off one and one not running here today', async () => {
    const other = await ctx.newOrganisation();
    const cases: [string, string][] = [
      ['00000000-0000-4000-8000-000000000000', 'offer_unknown'],
      [(await newOffer({}, other.id)).id, 'offer_unknown'],
      [(await newOffer({ active: false })).id, 'offer_inactive'],
      [(await newOffer({ validUntil: addDays(today, -1) })).id, 'offer_not_current'],
      [(await newOffer({ validFrom: addDays(today, 1) })).id, 'offer_not_current'],
      [(await newOffer({ allCenters: false, centerIds: [centerB] })).id, 'offer_not_current'],
    ];
    const before = await invoiceCount();
    for (const [offerId, code] of cases) {
      const res = await sell(desk, { lines: [{ itemType: 'membership', itemId: cat.monthly.id }], offerId });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(422);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'offerId', code })]);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it('applies the offer’s coupon, records the offer, and refuses another coupon with it', async () => {
    const offer = await newOffer({ couponId: cat.welcome.id, validFrom: today, validUntil: today });
    const other = await sell(desk, {
      lines: [{ itemType: 'package', itemId: cat.pack.id }],
      offerId: offer.id,
      couponCode: 'SOMETHING-ELSE',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().fields).toEqual([expect.objectContaining({ path: 'couponCode', code: 'offer_coupon_other' })]);
    const res = await sell(desk, { lines: [{ itemType: 'package', itemId: cat.pack.id }], offerId: offer.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ discountMinor: 8_000, totalMinor: 72_000, coupon: { id: cat.welcome.id } });
    const stored = await rows<{ offer_id: string }>(sql`select offer_id from invoices where id = ${res.json().id}`);
    expect(stored[0]!.offer_id).toBe(offer.id);
    const plain = await newOffer();
    const without = await sell(desk, {
      lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
      offerId: plain.id,
    });
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json()).toMatchObject({ totalMinor: 50_000, coupon: null });
  });
});
