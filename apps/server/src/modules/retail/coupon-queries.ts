/** Reads of the coupons: the list, its export, one coupon, a code as the desk types it, a member's uses. */
import type { ItemType } from '@gym/contract/items';
import type { Coupon, couponListQuerySchema } from '@gym/contract/retail';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { coupons, couponUses } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { byOffset, type ChunkedRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { itemKey, itemNames } from './item-refs.ts';
import { booleanFilter, direction, type Filters, like, type Page, pageOf } from './queries.ts';

type CouponRow = typeof coupons.$inferSelect;

/**
 * Uses of a coupon that count: not released by a refund or a void. Written with qualified names:
 * in a select list drizzle leaves columns unqualified, and `id` would then be the inner table's.
 */
export const couponUsesCount = sql<number>`(select count(*)::int from "coupon_uses" u
  where u."coupon_id" = "coupons"."id" and u."released_at" is null)`;

async function toCoupons(db: TenantDb, rows: { c: CouponRow; uses: number }[]): Promise<Coupon[]> {
  const names = await itemNames(
    db,
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

function couponWhere(q: Filters<typeof couponListQuerySchema>): SQL | undefined {
  const keyword = q.keyword?.trim();
  return and(
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

const couponRows = (db: TenantDb, q: Filters<typeof couponListQuerySchema>) => (limit: number, offset: number) =>
  db
    .select({ c: coupons, uses: couponUsesCount })
    .from(coupons)
    .where(couponWhere(q))
    .orderBy(...couponOrder(q.sort))
    .limit(limit)
    .offset(offset);

export function listCoupons(db: TenantDb, q: z.infer<typeof couponListQuerySchema>): Promise<Page<Coupon>> {
  return pageOf({
    rows: couponRows(db, q),
    total: () => db.select({ n: count() }).from(coupons).where(couponWhere(q)),
    toItems: (rows) => toCoupons(db, rows),
    q,
  });
}

export async function listCouponsForExport(
  db: TenantDb,
  q: Filters<typeof couponListQuerySchema>,
): Promise<ChunkedRows<Coupon>> {
  const rows = couponRows(db, q);
  return byOffset(async ({ offset, limit }) => toCoupons(db, await rows(limit, offset)));
}

export async function getCoupon(db: TenantDb, id: string): Promise<Coupon> {
  const rows = await db.select({ c: coupons, uses: couponUsesCount }).from(coupons).where(eq(coupons.id, id));
  if (!rows[0]) throw notFound('coupon');
  return (await toCoupons(db, rows))[0]!;
}

/** The coupon with this code (matched upper-case, as the unique index does), with its uses. */
export async function findCouponByCode(db: TenantDb, code: string) {
  const [row] = await db
    .select({ c: coupons, uses: couponUsesCount })
    .from(coupons)
    .where(sql`upper(${coupons.code}) = upper(${code.trim()})`);
  return row;
}

export async function couponUsesByMember(db: TenantDb, { couponId, memberId }: { couponId: string; memberId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(couponUses)
    .where(
      and(eq(couponUses.couponId, couponId), eq(couponUses.memberId, memberId), sql`${couponUses.releasedAt} is null`),
    );
  return row?.n ?? 0;
}

export async function toCoupon(db: TenantDb, row: { c: CouponRow; uses: number }): Promise<Coupon> {
  return (await toCoupons(db, [row]))[0]!;
}
