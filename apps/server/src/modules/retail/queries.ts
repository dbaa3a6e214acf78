import type { ItemType } from '@gym/contract/items';
import type {
  Coupon,
  couponListQuerySchema,
  Offer,
  offerListQuerySchema,
  Product,
  ProductSet,
  productListQuerySchema,
  productSetListQuerySchema,
  StockMovement,
  stockMovementListQuerySchema,
} from '@gym/contract/retail';
import { likeEscape } from '@gym/contract/search';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  centers,
  coupons,
  couponUses,
  offers,
  productSetItems,
  productSets,
  productStock,
  products,
  stockMovements,
  users,
} from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import { scopeOf } from '../../lib/tenant-db.ts';
import { itemKey, itemNames } from './item-refs.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type Filters<S extends z.ZodType> = Omit<z.infer<S>, 'page' | 'pageSize' | 'format'>;
type CenterRef = { id: string; code: string; name: string };

const booleanFilter = (column: AnyPgColumn, value: boolean | undefined) =>
  value === undefined ? undefined : eq(column, value);
const like = (keyword: string) => `%${likeEscape(keyword)}%`;
const direction = (sort: string) => (sort.startsWith('-') ? desc : asc);

/** The open centres the caller works in, by code: the columns of the stock table. */
export async function callerCenters(db: DbOrTx, auth: Scope): Promise<CenterRef[]> {
  return db
    .select({ id: centers.id, code: centers.code, name: centers.name })
    .from(centers)
    .where(scopeOf(auth, centers, eq(centers.active, true)))
    .orderBy(asc(centers.code));
}

// ---------------------------------------------------------------- products

type ProductRow = typeof products.$inferSelect;

async function withStock(db: DbOrTx, auth: Scope, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const centres = await callerCenters(db, auth);
  const stock =
    centres.length === 0
      ? []
      : await db
          .select({ productId: productStock.productId, centerId: productStock.centerId, onHand: productStock.onHand })
          .from(productStock)
          .where(
            scopeOf(
              auth,
              productStock,
              inArray(
                productStock.productId,
                rows.map((r) => r.id),
              ),
              inArray(
                productStock.centerId,
                centres.map((c) => c.id),
              ),
            ),
          );
  const onHand = new Map(stock.map((s) => [`${s.productId}:${s.centerId}`, s.onHand]));
  return rows.map((p) => {
    const perCentre = centres.map((center) => {
      const n = onHand.get(`${p.id}:${center.id}`) ?? 0;
      return { center, onHand: n, low: n <= p.lowStockThreshold };
    });
    return {
      id: p.id,
      name: p.name,
      sku: p.sku,
      barcode: p.barcode,
      category: p.category,
      price: p.priceMinor,
      taxRateBp: p.taxRateBp,
      lowStockThreshold: p.lowStockThreshold,
      active: p.active,
      stock: perCentre,
      lowStock: perCentre.some((s) => s.low),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}

/** Low on stock in `centerId` (or any open centre the caller works in): no stock row counts as 0. */
function lowStockCondition(auth: Scope, centerId: string | undefined): SQL {
  return sql`exists (select 1 from ${centers} left join ${productStock}
    on ${productStock.centerId} = ${centers.id} and ${productStock.productId} = ${products.id}
    where ${scopeOf(auth, centers, eq(centers.active, true), centerId ? eq(centers.id, centerId) : undefined)}
    and coalesce(${productStock.onHand}, 0) <= ${products.lowStockThreshold})`;
}

function productWhere(auth: Scope, q: Filters<typeof productListQuerySchema>): SQL {
  const keyword = q.keyword?.trim();
  return scopeOf(
    auth,
    products,
    keyword
      ? or(ilike(products.name, like(keyword)), ilike(products.sku, like(keyword)), eq(products.barcode, keyword))
      : undefined,
    q.category ? sql`lower(${products.category}) = lower(${q.category})` : undefined,
    booleanFilter(products.active, q.active),
    q.lowStock ? lowStockCondition(auth, q.centerId) : undefined,
  );
}

function productOrder(sort: string): SQL[] {
  const dir = direction(sort);
  const byName = asc(sql`lower(${products.name})`);
  switch (sort.replace(/^-/, '')) {
    case 'sku':
      return [dir(sql`lower(${products.sku})`), asc(products.id)];
    case 'price':
      return [dir(products.priceMinor), byName, asc(products.id)];
    case 'category':
      return [dir(sql`lower(coalesce(${products.category}, ''))`), byName, asc(products.id)];
    default:
      return [dir(sql`lower(${products.name})`), asc(products.id)];
  }
}

export async function listProducts(
  db: DbOrTx,
  auth: Scope,
  q: z.infer<typeof productListQuerySchema>,
): Promise<Page<Product>> {
  const where = productWhere(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...productOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { items: await withStock(db, auth, rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function listProductsForExport(
  db: DbOrTx,
  auth: Scope,
  q: Filters<typeof productListQuerySchema>,
): Promise<ChunkedRows<Product>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select()
      .from(products)
      .where(productWhere(auth, q))
      .orderBy(...productOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return withStock(db, auth, rows);
  });
}

export async function getProduct(db: DbOrTx, auth: Scope, id: string): Promise<Product> {
  const rows = await db
    .select()
    .from(products)
    .where(scopeOf(auth, products, eq(products.id, id)));
  if (!rows[0]) throw notFound('product');
  return (await withStock(db, auth, rows))[0]!;
}

/** The product with this barcode (the sale screen's scanner types it). */
export async function getProductByBarcode(db: DbOrTx, auth: Scope, code: string): Promise<Product> {
  const rows = await db
    .select()
    .from(products)
    .where(scopeOf(auth, products, eq(products.barcode, code.trim())));
  if (!rows[0]) throw notFound('product');
  return (await withStock(db, auth, rows))[0]!;
}

export async function listStockMovements(
  db: DbOrTx,
  auth: Scope,
  productId: string,
  q: z.infer<typeof stockMovementListQuerySchema>,
): Promise<Page<StockMovement>> {
  await getProduct(db, auth, productId);
  const where = scopeOf(
    auth,
    stockMovements,
    eq(stockMovements.productId, productId),
    q.centerId ? eq(stockMovements.centerId, q.centerId) : undefined,
    q.kind ? eq(stockMovements.kind, q.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        m: stockMovements,
        center: { id: centers.id, code: centers.code, name: centers.name },
        staffName: users.fullName,
      })
      .from(stockMovements)
      .innerJoin(centers, eq(centers.id, stockMovements.centerId))
      .leftJoin(users, eq(users.id, stockMovements.staffId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  return {
    items: rows.map(({ m, center, staffName }) => toMovement(m, center, staffName)),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export function toMovement(
  m: typeof stockMovements.$inferSelect,
  center: CenterRef,
  staffName: string | null,
  onHand?: number,
): StockMovement {
  return {
    id: m.id,
    productId: m.productId,
    center,
    kind: m.kind as StockMovement['kind'],
    quantity: m.quantity,
    reason: m.reason,
    invoiceLineId: m.invoiceLineId,
    staff: m.staffId ? { id: m.staffId, name: staffName ?? '' } : null,
    ...(onHand === undefined ? {} : { onHand }),
    createdAt: m.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------- product sets

type SetRow = typeof productSets.$inferSelect;

async function withItems(db: DbOrTx, auth: Scope, rows: SetRow[]): Promise<ProductSet[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({
      setId: productSetItems.setId,
      quantity: productSetItems.quantity,
      product: { id: products.id, name: products.name, sku: products.sku, active: products.active },
    })
    .from(productSetItems)
    .innerJoin(products, eq(products.id, productSetItems.productId))
    .where(
      scopeOf(
        auth,
        productSetItems,
        inArray(
          productSetItems.setId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    price: s.priceMinor,
    taxRateBp: s.taxRateBp,
    active: s.active,
    items: items.filter((i) => i.setId === s.id).map(({ product, quantity }) => ({ product, quantity })),
    createdAt: s.createdAt.toISOString(),
  }));
}

function setWhere(auth: Scope, q: Filters<typeof productSetListQuerySchema>): SQL {
  const keyword = q.keyword?.trim();
  return scopeOf(
    auth,
    productSets,
    keyword ? ilike(productSets.name, like(keyword)) : undefined,
    booleanFilter(productSets.active, q.active),
  );
}

function setOrder(sort: string): SQL[] {
  const dir = direction(sort);
  if (sort.replace(/^-/, '') === 'price') return [dir(productSets.priceMinor), asc(productSets.id)];
  return [dir(sql`lower(${productSets.name})`), asc(productSets.id)];
}

export async function listProductSets(
  db: DbOrTx,
  auth: Scope,
  q: z.infer<typeof productSetListQuerySchema>,
): Promise<Page<ProductSet>> {
  const where = setWhere(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productSets)
      .where(where)
      .orderBy(...setOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(productSets).where(where),
  ]);
  return { items: await withItems(db, auth, rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function listProductSetsForExport(
  db: DbOrTx,
  auth: Scope,
  q: Filters<typeof productSetListQuerySchema>,
): Promise<ChunkedRows<ProductSet>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select()
      .from(productSets)
      .where(setWhere(auth, q))
      .orderBy(...setOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return withItems(db, auth, rows);
  });
}

export async function getProductSet(db: DbOrTx, auth: Scope, id: string): Promise<ProductSet> {
  const rows = await db
    .select()
    .from(productSets)
    .where(scopeOf(auth, productSets, eq(productSets.id, id)));
  if (!rows[0]) throw notFound('product set');
  return (await withItems(db, auth, rows))[0]!;
}

// ---------------------------------------------------------------- coupons

type CouponRow = typeof coupons.$inferSelect;

/**
 * Uses of a coupon that count: not released by a refund or a void. Written with qualified names:
 * in a select list drizzle leaves columns unqualified, and `id` would then be the inner table's.
 */
export const couponUsesCount = sql<number>`(select count(*)::int from "coupon_uses" u
  where u."coupon_id" = "coupons"."id" and u."released_at" is null)`;

async function toCoupons(db: DbOrTx, auth: Scope, rows: { c: CouponRow; uses: number }[]): Promise<Coupon[]> {
  const names = await itemNames(
    db,
    auth,
    rows.flatMap((r) => r.c.appliesToItems),
  );
  return rows.map(({ c, uses }) => ({
    id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind as Coupon['kind'],
    percentBp: c.percentBp,
    amount: c.amountMinor,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    usageLimit: c.usageLimit,
    perMemberLimit: c.perMemberLimit,
    minSpend: c.minSpendMinor,
    appliesToTypes: c.appliesToTypes as ItemType[],
    appliesToItems: c.appliesToItems.map((i) => ({ ...i, name: names.get(itemKey(i.type, i.id)) ?? null })),
    active: c.active,
    uses: Number(uses),
    createdAt: c.createdAt.toISOString(),
  }));
}

function couponWhere(auth: Scope, q: Filters<typeof couponListQuerySchema>): SQL {
  const keyword = q.keyword?.trim();
  return scopeOf(
    auth,
    coupons,
    keyword ? or(ilike(coupons.code, like(keyword)), ilike(coupons.description, like(keyword))) : undefined,
    booleanFilter(coupons.active, q.active),
    q.kind ? eq(coupons.kind, q.kind) : undefined,
  );
}

function couponOrder(sort: string): SQL[] {
  const dir = direction(sort);
  const byCode = asc(sql`upper(${coupons.code})`);
  switch (sort.replace(/^-/, '')) {
    case 'validUntil':
      return [
        sort.startsWith('-') ? sql`${coupons.validUntil} desc nulls last` : sql`${coupons.validUntil} asc nulls last`,
        byCode,
      ];
    case 'createdAt':
      return [dir(coupons.createdAt), byCode];
    default:
      return [dir(sql`upper(${coupons.code})`), asc(coupons.id)];
  }
}

export async function listCoupons(
  db: DbOrTx,
  auth: Scope,
  q: z.infer<typeof couponListQuerySchema>,
): Promise<Page<Coupon>> {
  const where = couponWhere(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: coupons, uses: couponUsesCount })
      .from(coupons)
      .where(where)
      .orderBy(...couponOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { items: await toCoupons(db, auth, rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function listCouponsForExport(
  db: DbOrTx,
  auth: Scope,
  q: Filters<typeof couponListQuerySchema>,
): Promise<ChunkedRows<Coupon>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select({ c: coupons, uses: couponUsesCount })
      .from(coupons)
      .where(couponWhere(auth, q))
      .orderBy(...couponOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return toCoupons(db, auth, rows);
  });
}

export async function getCoupon(db: DbOrTx, auth: Scope, id: string): Promise<Coupon> {
  const rows = await db
    .select({ c: coupons, uses: couponUsesCount })
    .from(coupons)
    .where(scopeOf(auth, coupons, eq(coupons.id, id)));
  if (!rows[0]) throw notFound('coupon');
  return (await toCoupons(db, auth, rows))[0]!;
}

/** The coupon with this code (matched upper-case, as the unique index does), with its uses. */
export async function findCouponByCode(db: DbOrTx, auth: Scope, code: string) {
  const [row] = await db
    .select({ c: coupons, uses: couponUsesCount })
    .from(coupons)
    .where(scopeOf(auth, coupons, sql`upper(${coupons.code}) = upper(${code.trim()})`));
  return row;
}

export async function couponUsesByMember(db: DbOrTx, auth: Scope, couponId: string, memberId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(couponUses)
    .where(
      scopeOf(
        auth,
        couponUses,
        eq(couponUses.couponId, couponId),
        eq(couponUses.memberId, memberId),
        sql`${couponUses.releasedAt} is null`,
      ),
    );
  return row?.n ?? 0;
}

export async function toCoupon(db: DbOrTx, auth: Scope, row: { c: CouponRow; uses: number }): Promise<Coupon> {
  return (await toCoupons(db, auth, [row]))[0]!;
}

// ---------------------------------------------------------------- offers

type OfferRow = typeof offers.$inferSelect;

async function toOffers(db: DbOrTx, auth: Scope, rows: OfferRow[], withImage: boolean): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const centreIds = [...new Set(rows.flatMap((r) => r.centerIds))];
  const centreRows = centreIds.length
    ? await db
        .select({ id: centers.id, code: centers.code, name: centers.name })
        .from(centers)
        .where(and(eq(centers.organisationId, auth.organisationId), inArray(centers.id, centreIds)))
    : [];
  const couponIds = [...new Set(rows.map((r) => r.couponId).filter((id): id is string => id !== null))];
  const couponRows = couponIds.length
    ? await db
        .select({ id: coupons.id, code: coupons.code })
        .from(coupons)
        .where(scopeOf(auth, coupons, inArray(coupons.id, couponIds)))
    : [];
  const names = await itemNames(
    db,
    auth,
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

function offerWhere(auth: Scope, q: Filters<typeof offerListQuerySchema>): SQL {
  const keyword = q.keyword?.trim();
  return scopeOf(
    auth,
    offers,
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

export async function listOffers(
  db: DbOrTx,
  auth: Scope,
  q: z.infer<typeof offerListQuerySchema>,
): Promise<Page<Offer>> {
  const where = offerWhere(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select(offerListColumns)
      .from(offers)
      .where(where)
      .orderBy(...offerOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(offers).where(where),
  ]);
  return { items: await toOffers(db, auth, rows, false), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function listOffersForExport(
  db: DbOrTx,
  auth: Scope,
  q: Filters<typeof offerListQuerySchema>,
): Promise<ChunkedRows<Offer>> {
  return byOffset(async ({ offset, limit }) => {
    const rows = await db
      .select(offerListColumns)
      .from(offers)
      .where(offerWhere(auth, q))
      .orderBy(...offerOrder(q.sort))
      .limit(limit)
      .offset(offset);
    return toOffers(db, auth, rows, false);
  });
}

export async function getOffer(db: DbOrTx, auth: Scope, id: string): Promise<Offer> {
  const rows = await db
    .select()
    .from(offers)
    .where(scopeOf(auth, offers, eq(offers.id, id)));
  if (!rows[0]) throw notFound('offer');
  return (await toOffers(db, auth, rows, true))[0]!;
}

/** The active offers valid on `today` (the centre's business date) at `centerId`, with their images. */
export async function currentOffers(db: DbOrTx, auth: Scope, centerId: string, today: string): Promise<Offer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(
      scopeOf(
        auth,
        offers,
        eq(offers.active, true),
        or(eq(offers.allCenters, true), sql`${centerId}::uuid = any(${offers.centerIds})`),
        sql`(${offers.validFrom} is null or ${offers.validFrom} <= ${today}::date)`,
        sql`(${offers.validUntil} is null or ${offers.validUntil} >= ${today}::date)`,
      ),
    )
    .orderBy(asc(sql`lower(${offers.title})`), asc(offers.id));
  return toOffers(db, auth, rows, true);
}
