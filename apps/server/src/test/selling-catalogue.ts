/** Catalogue rows for the sales tests, inserted directly (the catalogue's own screens have their tests). */
import { today } from '@gym/contract/time';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  centers,
  commissionRules,
  coupons,
  creditPackages,
  membershipPlans,
  productStock,
  products,
} from '../db/schema/index.ts';
import { startWithOrganisation } from './harness.ts';

export async function seedCatalogue(db: Db, organisationId: string, centerId: string, suffix = '') {
  const [monthly] = await db
    .insert(membershipPlans)
    .values({
      organisationId,
      name: `Monthly${suffix}`,
      durationValue: 1,
      durationUnit: 'month',
      priceMinor: 50_000,
      maxFreezes: 1,
      maxFreezeDays: 30,
    })
    .returning();
  const [quarterly] = await db
    .insert(membershipPlans)
    .values({
      organisationId,
      name: `Quarterly${suffix}`,
      durationValue: 3,
      durationUnit: 'month',
      priceMinor: 120_000,
      taxRateBp: 1900,
    })
    .returning();
  const [pack] = await db
    .insert(creditPackages)
    .values({
      organisationId,
      name: `10 classes${suffix}`,
      usage: 'class',
      credits: 10,
      validityDays: 90,
      priceMinor: 80_000,
    })
    .returning();
  const [towel] = await db
    .insert(products)
    .values({
      organisationId,
      name: `Towel${suffix}`,
      sku: `TWL${suffix}`,
      barcode: `4006381333931${suffix}`,
      priceMinor: 9_900,
      taxRateBp: 700,
    })
    .returning();
  await db.insert(productStock).values({ organisationId, productId: towel!.id, centerId, onHand: 5 });
  const [welcome] = await db
    .insert(coupons)
    .values({
      organisationId,
      code: `WELCOME10${suffix}`,
      kind: 'percent',
      percentBp: 1000,
      usageLimit: 100,
      perMemberLimit: 1,
    })
    .returning();
  return { monthly: monthly!, quarterly: quarterly!, pack: pack!, towel: towel!, welcome: welcome! };
}

export async function commissionForRole(db: Db, organisationId: string, role: string, percentBp: number) {
  await db.insert(commissionRules).values({ organisationId, role, itemType: 'any', kind: 'percent', percentBp });
}

export const stockOf = async (db: Db, productId: string, centerId: string) =>
  (
    await db
      .select({ n: productStock.onHand })
      .from(productStock)
      .where(sql`${productStock.productId} = ${productId} and ${productStock.centerId} = ${centerId}`)
  )[0]?.n;

export type SellingCatalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/**
 * The start of a selling test file: `startWithOrganisation`, its front desk signed in too, the
 * catalogue at centre A, and centre A's business date.
 */
export async function startSelling() {
  const start = await startWithOrganisation();
  const { ctx, org, centerA } = start;
  const db = ctx.database.db;
  const desk = await org.signIn('frontdesk');
  const cat = await seedCatalogue(db, org.id, centerA);
  const [center] = await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, centerA));
  return { ...start, desk, cat, today: today(center!.timeZone) };
}
