/**
 * The catalogue: what a centre sells. Prices are tax-inclusive integers of minor units (`bigint`,
 * read as numbers: every amount stays below 2^53); tax rates are basis points (7.7 % = 770).
 * Items are the organisation's; `allCenters` or `centerIds` say where an item may be sold and used.
 */
import { type Column, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, reference, tenantKey, tenantTarget, timestamps } from './columns.ts';
import { centerId, centers, organisationId, tenantRow, users } from './tenancy.ts';

/** Where an item may be sold and used: every centre, or those listed. */
const centreCoverage = () => ({
  allCenters: boolean('all_centers').notNull().default(true),
  centerIds: uuid('center_ids').array().notNull().default(sql`'{}'::uuid[]`),
});

/** What an item costs: tax-inclusive minor units, and its tax rate in basis points. */
const itemPrice = () => ({
  priceMinor: money('price_minor').notNull(),
  taxRateBp: integer('tax_rate_bp').notNull().default(0),
});

/** An item's tax rate is between 0 and 100 %. */
const taxCheck = (table: string, t: { taxRateBp: Column }) =>
  check(`${table}_tax`, sql`${t.taxRateBp} between 0 and 10000`);

/** An item's price is not below zero, and its tax rate is between 0 and 100 %. */
const priceChecks = (table: string, t: { priceMinor: Column; taxRateBp: Column }) => [
  check(`${table}_price`, sql`${t.priceMinor} >= 0`),
  taxCheck(table, t),
];

/** Membership plans: time-based access to one or more centres. */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    description: text('description'),
    durationValue: integer('duration_value').notNull(),
    /** `day`, `month` or `year`. */
    durationUnit: text('duration_unit').notNull(),
    ...centreCoverage(),
    ...itemPrice(),
    maxFreezes: integer('max_freezes').notNull().default(0),
    maxFreezeDays: integer('max_freeze_days').notNull().default(0),
    freezeFeeMinor: money('freeze_fee_minor').notNull().default(0),
    /** When the membership starts: `on_sale`, `chosen_date` (the seller picks it) or `first_entry`. */
    startRule: text('start_rule').notNull().default('on_sale'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('membership_plans_org_name').on(t.organisationId, sql`lower(${t.name})`),
    check('membership_plans_unit', sql`${t.durationUnit} in ('day','month','year')`),
    check('membership_plans_duration', sql`${t.durationValue} between 1 and 3660`),
    check('membership_plans_start_rule', sql`${t.startRule} in ('on_sale','chosen_date','first_entry')`),
    check('membership_plans_price', sql`${t.priceMinor} >= 0 and ${t.freezeFeeMinor} >= 0`),
    taxCheck('membership_plans', t),
  ],
);

/** Credit packages (classes, PT, any) and rental packages (hours of room use for outside teachers). */
export const creditPackages = pgTable(
  'credit_packages',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    description: text('description'),
    /** What a credit may be used for: `class`, `pt`, `any`, or `rental` (an hour of a room). */
    usage: text('usage').notNull(),
    credits: integer('credits').notNull(),
    /** Days the credits stay valid once the package is activated. */
    validityDays: integer('validity_days').notNull(),
    ...centreCoverage(),
    ...itemPrice(),
    /** A package members may still buy (the spec's "available package"). */
    available: boolean('available').notNull().default(true),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('credit_packages_org_name').on(t.organisationId, sql`lower(${t.name})`),
    check('credit_packages_usage', sql`${t.usage} in ('class','pt','any','rental')`),
    check('credit_packages_credits', sql`${t.credits} between 1 and 10000`),
    check('credit_packages_validity', sql`${t.validityDays} between 1 and 3660`),
    ...priceChecks('credit_packages', t),
  ],
);

/** A fixed series of sessions sold as one item (the sessions are scheduled with the classes). */
export const shortCourses = pgTable(
  'short_courses',
  {
    ...tenantRow(),
    centerId: centerId(),
    name: text('name').notNull(),
    description: text('description'),
    sessions: integer('sessions').notNull(),
    capacity: integer('capacity').notNull(),
    startsOn: date('starts_on', { mode: 'string' }),
    ...itemPrice(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('short_courses_center_name').on(t.centerId, sql`lower(${t.name})`),
    index('short_courses_org').on(t.organisationId),
    tenantTarget('short_courses_org_id', t),
    tenantKey('short_courses_org_center_fk', t, t.centerId, centers),
    check('short_courses_sessions', sql`${t.sessions} between 1 and 500`),
    check('short_courses_capacity', sql`${t.capacity} between 1 and 1000`),
    ...priceChecks('short_courses', t),
  ],
);

/** Retail items. Stock is per centre (`productStock`), moved only with a `stockMovements` row. */
export const products = pgTable(
  'products',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    category: text('category'),
    ...itemPrice(),
    /** At or below this many in a centre, the product is marked low on stock there. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('products_org_sku').on(t.organisationId, sql`lower(${t.sku})`),
    uniqueIndex('products_org_barcode').on(t.organisationId, t.barcode).where(sql`${t.barcode} is not null`),
    ...priceChecks('products', t),
    tenantTarget('products_org_id', t),
  ],
);

/**
 * What a centre has of a product: the running total of its stock movements, written in the same
 * transaction as each movement. A sale takes stock with one conditional update (`on_hand >= wanted`),
 * so two sales cannot both take the last item; the check keeps it from going below zero.
 */
export const productStock = pgTable(
  'product_stock',
  {
    organisationId: organisationId(),
    productId: reference('product_id', () => products.id),
    centerId: centerId(),
    onHand: integer('on_hand').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.centerId] }),
    index('product_stock_org_center').on(t.organisationId, t.centerId),
    tenantKey('product_stock_org_center_fk', t, t.centerId, centers),
    check('product_stock_not_negative', sql`${t.onHand} >= 0`),
    tenantKey('product_stock_org_product_fk', t, t.productId, products),
  ],
);

/** Every change of a centre's stock: received, sold, returned, adjusted (with a reason). Never updated. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    ...tenantRow(),
    productId: reference('product_id', () => products.id),
    centerId: centerId(),
    /** `received`, `sold`, `returned` or `adjusted`. */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason'),
    invoiceLineId: uuid('invoice_line_id'),
    staffId: uuid('staff_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product').on(t.productId, t.centerId, t.createdAt),
    index('stock_movements_org').on(t.organisationId, t.createdAt),
    check('stock_movements_kind', sql`${t.kind} in ('received','sold','returned','adjusted')`),
    check('stock_movements_quantity', sql`${t.quantity} <> 0`),
    tenantKey('stock_movements_org_product_fk', t, t.productId, products),
    tenantKey('stock_movements_org_center_fk', t, t.centerId, centers),
    tenantKey('stock_movements_org_staff_fk', t, t.staffId, users),
  ],
);

/** Bundles of products at a set price; selling one moves each product's stock. */
export const productSets = pgTable(
  'product_sets',
  {
    ...tenantRow(),
    name: text('name').notNull(),
    description: text('description'),
    ...itemPrice(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('product_sets_org_name').on(t.organisationId, sql`lower(${t.name})`),
    ...priceChecks('product_sets', t),
    tenantTarget('product_sets_org_id', t),
  ],
);

export const productSetItems = pgTable(
  'product_set_items',
  {
    organisationId: organisationId(),
    setId: uuid('set_id')
      .notNull()
      .references(() => productSets.id, { onDelete: 'cascade' }),
    productId: reference('product_id', () => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.productId] }),
    check('product_set_items_quantity', sql`${t.quantity} between 1 and 1000`),
    tenantKey('product_set_items_org_set_fk', t, t.setId, productSets),
    tenantKey('product_set_items_org_product_fk', t, t.productId, products),
  ],
);

/** An item a coupon or an offer names: its type and id. */
export interface ItemRef {
  type: 'membership' | 'package' | 'short_course' | 'product' | 'product_set';
  id: string;
}

/**
 * Discount codes. Uses are counted from `couponUses` (no counter): a sale locks the coupon's row,
 * counts, and inserts its use in its transaction, so two sales cannot both take the last use.
 */
export const coupons = pgTable(
  'coupons',
  {
    ...tenantRow(),
    code: text('code').notNull(),
    description: text('description'),
    /** `percent` (of the eligible lines) or `amount` (off the eligible lines, at most their total). */
    kind: text('kind').notNull(),
    percentBp: integer('percent_bp').notNull().default(0),
    amountMinor: money('amount_minor').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    perMemberLimit: integer('per_member_limit'),
    minSpendMinor: money('min_spend_minor').notNull().default(0),
    /** Item types it applies to; empty: every type. */
    appliesToTypes: text('applies_to_types').array().notNull().default(sql`'{}'::text[]`),
    /** Items it applies to; empty: every item of the types. */
    appliesToItems: jsonb('applies_to_items').$type<ItemRef[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('coupons_org_code').on(t.organisationId, sql`upper(${t.code})`),
    check('coupons_kind', sql`${t.kind} in ('percent','amount')`),
    check('coupons_percent', sql`${t.percentBp} between 0 and 10000`),
    check('coupons_amounts', sql`${t.amountMinor} >= 0 and ${t.minSpendMinor} >= 0`),
    check('coupons_limits', sql`coalesce(${t.usageLimit}, 1) >= 1 and coalesce(${t.perMemberLimit}, 1) >= 1`),
    tenantTarget('coupons_org_id', t),
  ],
);

/** Promotions shown to staff while selling; "apply" fills the cart with `cart` (and the coupon). */
export const offers = pgTable(
  'offers',
  {
    ...tenantRow(),
    title: text('title').notNull(),
    body: text('body'),
    /** A small image as a data URL (JPEG/PNG/WebP, checked by content). */
    image: text('image'),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    ...centreCoverage(),
    cart: jsonb('cart').$type<(ItemRef & { quantity: number })[]>().notNull().default([]),
    couponId: uuid('coupon_id').references(() => coupons.id),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('offers_org').on(t.organisationId), tenantKey('offers_org_coupon_fk', t, t.couponId, coupons)],
);
