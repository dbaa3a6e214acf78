/** Reads of the offers: the list, its export, one offer, and those a centre shows today. */
import type { Offer, offerListQuerySchema } from '@gym/contract/retail';
import { and, asc, count, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { centers, coupons, offers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { itemKey, itemNames } from './item-refs.ts';
import { booleanFilter, type Filters, like, type Page, pageOf } from './queries.ts';

type OfferRow = typeof offers.$inferSelect;

async function toOffers(db: TenantDb, { rows, withImage }: { rows: OfferRow[]; withImage: boolean }): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const centreIds = [...new Set(rows.flatMap((r) => r.centerIds))];
  // An offer names centres of the organisation, also those the caller does not work in.
  const centreRows = centreIds.length
    ? await db.wholeOrganisation
        .select({ id: centers.id, code: centers.code, name: centers.name })
        .from(centers)
        .where(inArray(centers.id, centreIds))
    : [];
  const couponIds = [...new Set(rows.map((r) => r.couponId).filter((id): id is string => id !== null))];
  const couponRows = couponIds.length
    ? await db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, couponIds))
    : [];
  const names = await itemNames(
    db,
    rows.flatMap((r) => r.cart),
  );
  return rows.map((o) => ({
    id: o.id,
    title: o.title,
    body: o.body,
    image: withImage ? o.image : null,
    hasImage: o.image !== null,
    validFrom: o.validFrom,
    validUntil: o.validUntil,
    allCenters: o.allCenters,
    centers: o.allCenters
      ? []
      : centreRows.filter((c) => o.centerIds.includes(c.id)).sort((a, b) => a.code.localeCompare(b.code)),
    cart: o.cart.map((i) => ({ ...i, name: names.get(itemKey(i.type, i.id)) ?? null })),
    coupon: couponRows.find((c) => c.id === o.couponId) ?? null,
    active: o.active,
    createdAt: o.createdAt.toISOString(),
  }));
}

/** Lists carry no image (up to 300 kB each): an empty text stands for one, so `hasImage` is still right. */
const { image: _image, ...offerColumnsWithoutImage } = getTableColumns(offers);
const offerListColumns = {
  ...offerColumnsWithoutImage,
  image: sql<string | null>`case when ${offers.image} is null then null else '' end`,
};

function offerWhere(q: Filters<typeof offerListQuerySchema>): SQL | undefined {
  const keyword = q.keyword?.trim();
  return and(
    keyword ? or(ilike(offers.title, like(keyword)), ilike(offers.body, like(keyword))) : undefined,
    booleanFilter(offers.active, q.active),
    q.centerId ? or(eq(offers.allCenters, true), sql`${q.centerId}::uuid = any(${offers.centerIds})`) : undefined,
  );
}

function offerOrder(sort: string): SQL[] {
  const desc = sort.startsWith('-');
  const nulls = (col: AnyPgColumn) => (desc ? sql`${col} desc nulls last` : sql`${col} asc nulls last`);
  const byTitle = asc(sql`lower(${offers.title})`);
  switch (sort.replace(/^-/, '')) {
    case 'validFrom':
      return [nulls(offers.validFrom), byTitle, asc(offers.id)];
    case 'validUntil':
      return [nulls(offers.validUntil), byTitle, asc(offers.id)];
    default:
      return [desc ? sql`lower(${offers.title}) desc` : byTitle, asc(offers.id)];
  }
}

const offerRows = (db: TenantDb, q: Filters<typeof offerListQuerySchema>) => (limit: number, offset: number) =>
  db
    .select(offerListColumns)
    .from(offers)
    .where(offerWhere(q))
    .orderBy(...offerOrder(q.sort))
    .limit(limit)
    .offset(offset);

export function listOffers(db: TenantDb, q: z.infer<typeof offerListQuerySchema>): Promise<Page<Offer>> {
  return pageOf({
    rows: offerRows(db, q),
    total: () => db.select({ n: count() }).from(offers).where(offerWhere(q)),
    toItems: (rows) => toOffers(db, { rows, withImage: false }),
    q,
  });
}

export async function listOffersForExport(
  db: TenantDb,
  q: Filters<typeof offerListQuerySchema>,
): Promise<ChunkedRows<Offer>> {
  const rows = offerRows(db, q);
  return byOffset(async ({ offset, limit }) => toOffers(db, { rows: await rows(limit, offset), withImage: false }));
}

export async function getOffer(db: TenantDb, id: string): Promise<Offer> {
  const rows = await db.rows(offers, eq(offers.id, id));
  if (!rows[0]) throw notFound('offer');
  return (await toOffers(db, { rows, withImage: true }))[0]!;
}

/** The active offers valid on `today` (the centre's business date) at `centerId`, with their images. */
export async function currentOffers(
  db: TenantDb,
  { centerId, today }: { centerId: string; today: string },
): Promise<Offer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.active, true),
        or(eq(offers.allCenters, true), sql`${centerId}::uuid = any(${offers.centerIds})`),
        sql`(${offers.validFrom} is null or ${offers.validFrom} <= ${today}::date)`,
        sql`(${offers.validUntil} is null or ${offers.validUntil} >= ${today}::date)`,
      ),
    )
    .orderBy(asc(sql`lower(${offers.title})`), asc(offers.id));
  return toOffers(db, { rows, withImage: true });
}
