/** Reads of the products and their stock: lists, a product, its movements; and what the other lists share. */
import type {
  Product,
  productListQuerySchema,
  StockMovement,
  stockMovementListQuerySchema,
} from '@gym/contract/retail';
import { likeEscape } from '@gym/contract/search';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { centers, productStock, products, stockMovements, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
export type Filters<S extends z.ZodType> = Omit<z.infer<S>, 'page' | 'pageSize' | 'format'>;
type CenterRef = { id: string; code: string; name: string };

export const booleanFilter = (column: AnyPgColumn, value: boolean | undefined) =>
  value === undefined ? undefined : eq(column, value);
export const like = (keyword: string) => `%${likeEscape(keyword)}%`;
export const direction = (sort: string) => (sort.startsWith('-') ? desc : asc);

/** A page of a list: its rows (made into items by `toItems`) and how many rows match in all. */
export async function pageOf<R, T>(page: {
  rows: (limit: number, offset: number) => Promise<R[]>;
  total: () => Promise<{ n: number }[]>;
  toItems: (rows: R[]) => Promise<T[]>;
  q: { page: number; pageSize: number };
}): Promise<Page<T>> {
  const { q } = page;
  const [rows, [total]] = await Promise.all([page.rows(q.pageSize, (q.page - 1) * q.pageSize), page.total()]);
  return { items: await page.toItems(rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The open centres the caller works in, by code: the columns of the stock table. */
export async function callerCenters(db: TenantDb): Promise<CenterRef[]> {
  return db
    .select({ id: centers.id, code: centers.code, name: centers.name })
    .from(centers)
    .where(eq(centers.active, true))
    .orderBy(asc(centers.code));
}

type ProductRow = typeof products.$inferSelect;

async function withStock(db: TenantDb, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const centres = await callerCenters(db);
  const stock =
    centres.length === 0
      ? []
      : await db
          .select({ productId: productStock.productId, centerId: productStock.centerId, onHand: productStock.onHand })
          .from(productStock)
          .where(
            and(
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
function lowStockCondition(db: TenantDb, centerId: string | undefined): SQL {
  return sql`exists (select 1 from ${centers} left join ${productStock}
    on ${productStock.centerId} = ${centers.id} and ${productStock.productId} = ${products.id}
    where ${db.where(centers, eq(centers.active, true), centerId ? eq(centers.id, centerId) : undefined)}
    and coalesce(${productStock.onHand}, 0) <= ${products.lowStockThreshold})`;
}

function productWhere(db: TenantDb, q: Filters<typeof productListQuerySchema>): SQL | undefined {
  const keyword = q.keyword?.trim();
  return and(
    keyword
      ? or(ilike(products.name, like(keyword)), ilike(products.sku, like(keyword)), eq(products.barcode, keyword))
      : undefined,
    q.category ? sql`lower(${products.category}) = lower(${q.category})` : undefined,
    booleanFilter(products.active, q.active),
    q.lowStock ? lowStockCondition(db, q.centerId) : undefined,
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

const productRows = (db: TenantDb, q: Filters<typeof productListQuerySchema>) => (limit: number, offset: number) =>
  db
    .select()
    .from(products)
    .where(productWhere(db, q))
    .orderBy(...productOrder(q.sort))
    .limit(limit)
    .offset(offset);

export function listProducts(db: TenantDb, q: z.infer<typeof productListQuerySchema>): Promise<Page<Product>> {
  return pageOf({
    rows: productRows(db, q),
    total: () => db.select({ n: count() }).from(products).where(productWhere(db, q)),
    toItems: (rows) => withStock(db, rows),
    q,
  });
}

export async function listProductsForExport(
  db: TenantDb,
  q: Filters<typeof productListQuerySchema>,
): Promise<ChunkedRows<Product>> {
  const rows = productRows(db, q);
  return byOffset(async ({ offset, limit }) => withStock(db, await rows(limit, offset)));
}

export async function getProduct(db: TenantDb, id: string): Promise<Product> {
  const rows = await db.rows(products, eq(products.id, id));
  if (!rows[0]) throw notFound('product');
  return (await withStock(db, rows))[0]!;
}

/** The product with this barcode (the sale screen's scanner types it). */
export async function getProductByBarcode(db: TenantDb, code: string): Promise<Product> {
  const rows = await db.rows(products, eq(products.barcode, code.trim()));
  if (!rows[0]) throw notFound('product');
  return (await withStock(db, rows))[0]!;
}

export async function listStockMovements(
  db: TenantDb,
  { productId, ...q }: z.infer<typeof stockMovementListQuerySchema> & { productId: string },
): Promise<Page<StockMovement>> {
  await getProduct(db, productId);
  const where = and(
    eq(stockMovements.productId, productId),
    q.centerId ? eq(stockMovements.centerId, q.centerId) : undefined,
    q.kind ? eq(stockMovements.kind, q.kind) : undefined,
  );
  return pageOf({
    rows: (limit, offset) =>
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
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(stockMovements).where(where),
    toItems: async (rows) => rows.map(({ m, center, staffName }) => toMovement(m, { center, staffName })),
    q,
  });
}

export function toMovement(
  m: typeof stockMovements.$inferSelect,
  { center, staffName, onHand }: { center: CenterRef; staffName: string | null; onHand?: number },
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
