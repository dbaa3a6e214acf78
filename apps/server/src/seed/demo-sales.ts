/**
 * The demo organisation's catalogue and a year of sales, written through the same use cases the
 * desk uses (sell, pay, refund, ledger rows), each on its own past business date, so every screen
 * and the coming reports show data shaped like a real gym's: paid, partly paid with overdue
 * installments, refunded. Chan Tai Man holds an active monthly membership at CWB and a 10-class pack
 * with 7 credits left.
 */
import { abilityRulesFor, buildAbility, type Role } from '@gym/contract/acl';
import { minor, share, ZERO } from '@gym/contract/money';
import { addDays, businessDate, zonedInstant } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  cards,
  centers,
  commissionRules,
  coupons,
  creditPackages,
  members,
  membershipPlans,
  offers,
  productSetItems,
  productSets,
  productStock,
  products,
  shortCourses,
  stockMovements,
  users,
} from '../db/schema/index.ts';
import type { AuthContext } from '../lib/access.ts';
import { clockAt } from '../lib/clock.ts';
import { tenantDb } from '../lib/tenant-db.ts';
import { type Clock, type UseCaseContext, unavailable } from '../lib/use-case.ts';
import { appendLedger } from '../modules/entitlements/index.ts';
import { recordPayment, refundInvoice, sell } from '../modules/sales/index.ts';
import { DEMO_FIXED_MEMBER } from './demo-members.ts';
import { seededRandom } from './member-generator.ts';

const HK = 100; // HKD has two decimals: HK$ 1 = 100 minor units.

/** The demo catalogue (prices in HK$, tax-inclusive; Hong Kong has no sales tax). */
async function seedCatalogue(tx: DbOrTx, organisationId: string, cwbId: string, mkId: string) {
  const plans = await tx
    .insert(membershipPlans)
    .values([
      {
        organisationId,
        name: 'Monthly',
        description: 'All centres, one month',
        durationValue: 1,
        durationUnit: 'month',
        priceMinor: 680 * HK,
        maxFreezes: 1,
        maxFreezeDays: 30,
      },
      {
        organisationId,
        name: 'Quarterly',
        description: 'All centres, three months',
        durationValue: 3,
        durationUnit: 'month',
        priceMinor: 1_800 * HK,
        maxFreezes: 1,
        maxFreezeDays: 30,
      },
      {
        organisationId,
        name: 'Yearly',
        description: 'All centres, twelve months',
        durationValue: 1,
        durationUnit: 'year',
        priceMinor: 6_000 * HK,
        maxFreezes: 2,
        maxFreezeDays: 60,
      },
      {
        organisationId,
        name: 'Off-peak monthly (CWB)',
        description: 'Causeway Bay, weekdays before 5 pm',
        durationValue: 1,
        durationUnit: 'month',
        priceMinor: 480 * HK,
        allCenters: false,
        centerIds: [cwbId],
      },
      {
        organisationId,
        name: 'Trial week',
        durationValue: 7,
        durationUnit: 'day',
        priceMinor: 150 * HK,
        startRule: 'first_entry',
      },
    ])
    .returning();
  const packs = await tx
    .insert(creditPackages)
    .values([
      { organisationId, name: '10-class pack', usage: 'class', credits: 10, validityDays: 180, priceMinor: 1_500 * HK },
      { organisationId, name: '20-class pack', usage: 'class', credits: 20, validityDays: 365, priceMinor: 2_800 * HK },
      { organisationId, name: 'PT 10 sessions', usage: 'pt', credits: 10, validityDays: 180, priceMinor: 6_000 * HK },
      {
        organisationId,
        name: 'Studio rental 10 hours',
        usage: 'rental',
        credits: 10,
        validityDays: 180,
        priceMinor: 2_000 * HK,
      },
    ])
    .returning();
  await tx.insert(shortCourses).values([
    {
      organisationId,
      centerId: cwbId,
      name: 'Beginner swim (8 weeks)',
      sessions: 8,
      capacity: 12,
      priceMinor: 1_600 * HK,
    },
    {
      organisationId,
      centerId: mkId,
      name: 'Intro to kettlebells (4 weeks)',
      sessions: 4,
      capacity: 10,
      priceMinor: 800 * HK,
    },
  ]);
  const goods = await tx
    .insert(products)
    .values([
      {
        organisationId,
        name: 'Gym towel',
        sku: 'TWL-01',
        barcode: '4891234500017',
        category: 'Accessories',
        priceMinor: 80 * HK,
        lowStockThreshold: 5,
      },
      {
        organisationId,
        name: 'Water bottle 750 ml',
        sku: 'BTL-750',
        barcode: '4891234500024',
        category: 'Accessories',
        priceMinor: 120 * HK,
        lowStockThreshold: 5,
      },
      {
        organisationId,
        name: 'Protein bar',
        sku: 'PRB-CHOC',
        barcode: '4891234500031',
        category: 'Food',
        priceMinor: 28 * HK,
        lowStockThreshold: 20,
      },
      {
        organisationId,
        name: 'Resistance band set',
        sku: 'RBS-3',
        barcode: '4891234500048',
        category: 'Equipment',
        priceMinor: 260 * HK,
        lowStockThreshold: 3,
      },
      {
        organisationId,
        name: 'Yoga mat',
        sku: 'YGM-6',
        barcode: '4891234500055',
        category: 'Equipment',
        priceMinor: 390 * HK,
        lowStockThreshold: 3,
      },
    ])
    .returning();
  const stock = goods.flatMap((p, i) =>
    [cwbId, mkId].map((centerId, c) => ({
      organisationId,
      productId: p.id,
      centerId,
      onHand: [150, 120, 300, 15, 12][i]! - c * 10,
    })),
  );
  await tx.insert(productStock).values(stock);
  await tx.insert(stockMovements).values(
    stock.map((s) => ({
      organisationId,
      productId: s.productId,
      centerId: s.centerId,
      kind: 'received',
      quantity: s.onHand,
      reason: 'Opening stock',
    })),
  );
  const [kit] = await tx
    .insert(productSets)
    .values({ organisationId, name: 'Starter kit', description: 'Towel and water bottle', priceMinor: 168 * HK })
    .returning();
  await tx.insert(productSetItems).values([
    { organisationId, setId: kit!.id, productId: goods[0]!.id, quantity: 1 },
    { organisationId, setId: kit!.id, productId: goods[1]!.id, quantity: 1 },
  ]);
  const [welcome] = await tx
    .insert(coupons)
    .values({
      organisationId,
      code: 'WELCOME10',
      description: '10 % off a first membership',
      kind: 'percent',
      percentBp: 1000,
      perMemberLimit: 1,
      appliesToTypes: ['membership'],
    })
    .returning();
  await tx.insert(offers).values({
    organisationId,
    title: 'New year, new you',
    body: 'Quarterly membership with a starter kit, 10 % off the membership with WELCOME10.',
    cart: [
      { type: 'membership', id: plans[1]!.id, quantity: 1 },
      { type: 'product_set', id: kit!.id, quantity: 1 },
    ],
    couponId: welcome!.id,
  });
  await tx.insert(commissionRules).values([
    { organisationId, role: 'frontdesk', itemType: 'any', kind: 'percent', percentBp: 300 },
    { organisationId, role: 'manager', itemType: 'membership', kind: 'percent', percentBp: 500 },
    { organisationId, role: 'trainer', itemType: 'package', kind: 'percent', percentBp: 1000 },
  ]);
  return { plans, packs, goods, kit: kit! };
}

/** A command context for the seed: the staff member's rights, the seed's transaction, a clock on `day`. */
export function contextFor(
  tx: DbOrTx,
  staff: { id: string; role: Role },
  organisationId: string,
  clock: Clock,
): UseCaseContext {
  const auth: AuthContext = {
    userId: staff.id,
    organisationId,
    role: staff.role,
    ability: buildAbility(abilityRulesFor(staff.role)),
    centerIds: null,
    familyId: 'demo-seed',
  };
  // Demo history emits no events: nothing listens to the past.
  return {
    auth,
    db: tenantDb(tx, auth),
    emit: () => undefined,
    clock,
    mail: () => Promise.reject(new Error('the demo’s history sends no e-mail')),
    sessionsChanged: async () => undefined,
    afterCommit: () => undefined,
    config: unavailable('the demo’s history reads no configuration'),
    passwords: unavailable('the demo’s history hashes no password'),
  };
}

/** A clock standing at 11:00 on `day` in `timeZone`: a past sale's or ledger row's. */
export const clockOn = (day: string, timeZone: string): Clock => clockAt(zonedInstant(day, '11:00', timeZone));

/** The demo organisation's centres (CWB; MK, else CWB again) and its staff: `staff(role)` is the first of a role. */
export async function demoPlaces(tx: DbOrTx, organisationId: string) {
  const centerRows = await tx.select().from(centers).where(eq(centers.organisationId, organisationId));
  const staffRows = await tx.select().from(users).where(eq(users.organisationId, organisationId));
  const cwb = centerRows.find((c) => c.code === 'CWB');
  return {
    cwb,
    mk: centerRows.find((c) => c.code === 'MK') ?? cwb,
    staff: (role: string) => staffRows.find((u) => u.role === role),
  };
}

/** A sale of one item to a member, paid in full by card at the sale. */
export function sellPaidByCard(
  ctx: UseCaseContext,
  {
    memberId,
    centerId,
    itemType,
    item,
    soldById,
  }: {
    memberId: string;
    centerId: string;
    itemType: 'membership' | 'package' | 'short_course';
    item: { id: string; priceMinor: number };
    soldById?: string;
  },
) {
  return sell(ctx, {
    memberId,
    centerId,
    lines: [{ itemType, itemId: item.id, quantity: 1, discountMinor: ZERO, ...(soldById ? { soldById } : {}) }],
    installments: [],
    payment: { method: 'card', amountMinor: minor(item.priceMinor) },
  });
}

export async function seedDemoSales(tx: Db | DbOrTx, organisationId: string, now = new Date()): Promise<void> {
  const places = await demoPlaces(tx, organisationId);
  const cwb = places.cwb!;
  const mk = places.mk!;
  const desk = places.staff('frontdesk')!;
  const manager = places.staff('manager')!;
  const trainer = places.staff('trainer');
  const cat = await seedCatalogue(tx, organisationId, cwb.id, mk.id);
  const today = businessDate(now, cwb.timeZone);
  const as = (staff: typeof desk, day: string) =>
    contextFor(tx, { id: staff.id, role: staff.role as Role }, organisationId, clockOn(day, cwb.timeZone));

  // Chan Tai Man: a monthly membership bought ten days ago, paid; a 10-class pack with 3 classes taken.
  const [chan] = await tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(cards, eq(cards.memberId, members.id))
    .where(and(eq(members.organisationId, organisationId), eq(cards.number, DEMO_FIXED_MEMBER.cardNumber)));
  if (chan) {
    const monthly = cat.plans[0]!;
    await sellPaidByCard(as(desk, addDays(today, -10)), {
      memberId: chan.id,
      centerId: cwb.id,
      itemType: 'membership',
      item: monthly,
    });
    const packDay = addDays(today, -40);
    const pack = cat.packs[0]!;
    const invoice = await sell(as(desk, packDay), {
      memberId: chan.id,
      centerId: cwb.id,
      lines: [{ itemType: 'package', itemId: pack.id, quantity: 1, discountMinor: ZERO }],
      installments: [],
      payment: {
        method: 'cash',
        amountMinor: minor(pack.priceMinor),
        tenderedMinor: minor(50_000 * Math.ceil(pack.priceMinor / 50_000)),
      },
    });
    const entitlementId = invoice.lines[0]!.entitlementId!;
    for (const d of [-35, -21, -7]) {
      await appendLedger(as(desk, addDays(today, d)), {
        entitlementId,
        memberId: chan.id,
        rows: [
          { kind: 'use', creditsDelta: -1, refType: 'booking', reason: 'Spin class', effectiveOn: addDays(today, d) },
        ],
      });
    }
  }

  // A year of sales for about a third of the others, on their own dates.
  const others = await tx
    .select({ id: members.id, homeCenterId: members.homeCenterId })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.status, 'active')));
  const random = seededRandom(20_251_123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const buyers = others.filter((m) => m.id !== chan?.id && random() < 0.3);
  for (const m of buyers) {
    const day = addDays(today, -Math.floor(random() * 360) - 1);
    const centerId = m.homeCenterId;
    const plan = pick([cat.plans[0]!, cat.plans[1]!, cat.plans[1]!, cat.plans[2]!]);
    const lines: Parameters<typeof sell>[1]['lines'] = [
      { itemType: 'membership', itemId: plan.id, quantity: 1, discountMinor: ZERO },
    ];
    if (random() < 0.3) lines.push({ itemType: 'product_set', itemId: cat.kit.id, quantity: 1, discountMinor: ZERO });
    if (random() < 0.25)
      lines.push({ itemType: 'package', itemId: pick(cat.packs.slice(0, 3)).id, quantity: 1, discountMinor: ZERO });
    const total = lines.reduce((s, l) => {
      const item = [...cat.plans, ...cat.packs, cat.kit].find((x) => x.id === l.itemId)!;
      return s + item.priceMinor;
    }, 0);
    const seller = trainer && lines.some((l) => l.itemType === 'package') && random() < 0.5 ? trainer : desk;
    const inInstallments = plan.priceMinor >= 1_800 * HK && random() < 0.5;
    // A third of the total, in whole dollars (integer arithmetic only).
    const third = share(minor(total), 1, 3);
    const deposit = third - (third % HK);
    const invoice = await sell(as(seller, day), {
      memberId: m.id,
      centerId,
      lines,
      installments: inInstallments ? [{ dueOn: addDays(day, 30) }, { dueOn: addDays(day, 60) }] : [],
      ...(inInstallments ? { depositMinor: minor(deposit) } : {}),
      payment: {
        method: pick(['cash', 'card', 'card', 'transfer']),
        amountMinor: minor(inInstallments ? deposit : total),
      },
    });
    // Installments: most are paid on time, some late, some not yet (overdue when their date has passed).
    for (const inst of invoice.installments.filter((i) => i.paidMinor < i.amountMinor)) {
      const fate = random();
      const paidOn = addDays(inst.dueOn, fate < 0.6 ? 0 : 12);
      if (fate < 0.8 && paidOn <= today) {
        await recordPayment(as(desk, paidOn), {
          invoiceId: invoice.id,
          method: 'card',
          amountMinor: minor(inst.amountMinor - inst.paidMinor),
        });
      }
    }
    // Now and then a product comes back.
    const kitLine = invoice.lines.find((l) => l.itemType === 'product_set');
    if (kitLine && random() < 0.2 && invoice.paidMinor > 0) {
      await refundInvoice(as(manager, addDays(day, 3) < today ? addDays(day, 3) : today), {
        invoiceId: invoice.id,
        reason: 'Returned unopened',
        lines: [{ lineId: kitLine.id, quantity: 1, mode: 'whole' }],
      });
    }
  }
  // Walk-in retail at the desk: bars and towels.
  for (let i = 0; i < 30; i++) {
    const m = pick(others);
    const day = addDays(today, -Math.floor(random() * 360));
    const product = pick(cat.goods.slice(0, 3));
    const quantity = 1 + Math.floor(random() * 3);
    await sell(as(desk, day), {
      memberId: m.id,
      centerId: m.homeCenterId,
      lines: [{ itemType: 'product', itemId: product.id, quantity, discountMinor: ZERO }],
      installments: [],
      payment: { method: pick(['cash', 'card']), amountMinor: minor(product.priceMinor * quantity) },
    });
  }
}
