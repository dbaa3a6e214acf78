/** Reads of the product sets: the list, its export, one set, each with its products. */
import type { ProductSet, productSetListQuerySchema } from '@gym/contract/retail';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { productSetItems, productSets, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { booleanFilter, direction, type Filters, like, type Page, pageOf } from './queries.ts';

type SetRow = typeof productSets.$inferSelect;

async function withItems(db: TenantDb, rows: SetRow[]): Promise<ProductSet[]> {
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
      inArray(
        productSetItems.setId,
        rows.map((r) => r.id),
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

function setWhere(q: Filters<typeof productSetListQuerySchema>): SQL | undefined {
  const keyword = q.keyword?.trim();
  return and(keyword ? ilike(productSets.name, like(keyword)) : undefined, booleanFilter(productSets.active, q.active));
}

function setOrder(sort: string): SQL[] {
  const dir = direction(sort);
  if (sort.replace(/^-/, '') === 'price') return [dir(productSets.priceMinor), asc(productSets.id)];
  return [dir(sql`lower(${productSets.name})`), asc(productSets.id)];
}

const setRows = (db: TenantDb, q: Filters<typeof productSetListQuerySchema>) => (limit: number, offset: number) =>
  db
    .select()
    .from(productSets)
    .where(setWhere(q))
    .orderBy(...setOrder(q.sort))
    .limit(limit)
    .offset(offset);

export function listProductSets(db: TenantDb, q: z.infer<typeof productSetListQuerySchema>): Promise<Page<ProductSet>> {
  return pageOf({
    rows: setRows(db, q),
    total: () => db.select({ n: count() }).from(productSets).where(setWhere(q)),
    toItems: (rows) => withItems(db, rows),
    q,
  });
}

export async function listProductSetsForExport(
  db: TenantDb,
  q: Filters<typeof productSetListQuerySchema>,
): Promise<ChunkedRows<ProductSet>> {
  const rows = setRows(db, q);
  return byOffset(async ({ offset, limit }) => withItems(db, await rows(limit, offset)));
}

export async function getProductSet(db: TenantDb, id: string): Promise<ProductSet> {
  const rows = await db.rows(productSets, eq(productSets.id, id));
  if (!rows[0]) throw notFound('product set');
  return (await withItems(db, rows))[0]!;
}
