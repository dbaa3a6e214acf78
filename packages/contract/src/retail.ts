/**
 * Retail catalogue: products with stock per centre, product sets, coupons and offers
 * (`/api/v1/pro/products`, `/product-sets`, `/coupons`, `/offers`). Amounts are integers of minor
 * units (`@gym/contract/money`); tax rates and coupon percentages are basis points (7.7 % = 770).
 */
import { z } from 'zod';
import { ITEM_TYPES } from './items.ts';
import { centerRefSchema, EXPORT_FORMATS, isoDateSchema } from './members.ts';
import { amountSchema, basisPointsSchema, MONEY_MAX, positiveAmountSchema, ZERO } from './money.ts';
import { listQuerySchema, pageOf } from './pagination.ts';
import { text } from './text.ts';

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const optionalText = (max: number, multiline = false) => text({ multiline }).trim().max(max).nullish();
const amountOut = z.number().int();
export const idParamsSchema = z.object({ id: z.uuid() });
const exportFields = { format: z.enum(EXPORT_FORMATS) };
const notPaged = { page: true, pageSize: true } as const;

export const itemTypeSchema = z.enum(ITEM_TYPES);
/** An item a coupon names: its type and id. */
export const itemRefSchema = z.strictObject({ type: itemTypeSchema, id: z.uuid() });

// ---------------------------------------------------------------- products

export const productStockSchema = z.object({
  center: centerRefSchema,
  onHand: z.number().int(),
  /** `onHand <= lowStockThreshold`. */
  low: z.boolean(),
});
export type ProductStock = z.infer<typeof productStockSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  category: z.string().nullable(),
  /** Tax-inclusive price, minor units. */
  price: amountOut,
  taxRateBp: z.number().int(),
  lowStockThreshold: z.number().int(),
  active: z.boolean(),
  /** One row per centre the caller works in (0 where nothing was ever received). */
  stock: z.array(productStockSchema),
  /** Low on stock in at least one of those centres. */
  lowStock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
export const productListResponseSchema = pageOf(productSchema);

export const PRODUCT_SORTS = ['name', '-name', 'sku', '-sku', 'price', '-price', 'category', '-category'] as const;
export const productListQuerySchema = listQuerySchema.extend({
  category: text().trim().max(60).optional(),
  active: booleanQuery,
  /** Only products low on stock (in `centerId`, or in any of the caller's centres). */
  lowStock: booleanQuery,
  centerId: z.uuid().optional(),
  sort: z.enum(PRODUCT_SORTS).default('name'),
});
export const productExportQuerySchema = productListQuerySchema.omit(notPaged).extend(exportFields);

/** SKUs and barcodes as printed: letters, digits and a few marks, no spaces. */
const skuSchema = text()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'sku_format');
export const barcodeSchema = text()
  .trim()
  .min(4)
  .max(48)
  .regex(/^[A-Za-z0-9-]+$/, 'barcode_format');

const productFields = {
  name: text().trim().min(1).max(120),
  sku: skuSchema,
  barcode: barcodeSchema.nullish(),
  category: optionalText(60),
  price: amountSchema,
  taxRateBp: basisPointsSchema.default(0),
  lowStockThreshold: z.number().int().min(0).max(1_000_000).default(0),
};
export const createProductRequestSchema = z.strictObject(productFields);
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;
export const updateProductRequestSchema = z
  .strictObject({
    ...productFields,
    taxRateBp: basisPointsSchema,
    lowStockThreshold: z.number().int().min(0).max(1_000_000),
    active: z.boolean(),
  })
  .partial();
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;
export const barcodeParamsSchema = z.object({ code: barcodeSchema });

export const STOCK_MOVEMENT_KINDS = ['received', 'sold', 'returned', 'adjusted'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
/** Largest quantity one movement may carry. */
export const STOCK_QUANTITY_MAX = 100_000;

/** Staff record a delivery (`received`, a positive quantity) or a count correction (`adjusted`, signed, with a reason). */
export const stockMovementRequestSchema = z
  .strictObject({
    centerId: z.uuid(),
    kind: z.enum(['received', 'adjusted']),
    quantity: z.number().int().min(-STOCK_QUANTITY_MAX).max(STOCK_QUANTITY_MAX),
    reason: optionalText(200),
  })
  .superRefine((v, issue) => {
    if (v.quantity === 0) issue.addIssue({ code: 'custom', path: ['quantity'], message: 'quantity_zero' });
    else if (v.kind === 'received' && v.quantity < 0)
      issue.addIssue({ code: 'custom', path: ['quantity'], message: 'quantity_positive' });
    if (v.kind === 'adjusted' && !v.reason)
      issue.addIssue({ code: 'custom', path: ['reason'], message: 'reason_required' });
  });
export type StockMovementRequest = z.input<typeof stockMovementRequestSchema>;

export const stockMovementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  center: centerRefSchema,
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  quantity: z.number().int(),
  reason: z.string().nullable(),
  invoiceLineId: z.string().nullable(),
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** What the centre holds after this movement. */
  onHand: z.number().int().optional(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementListResponseSchema = pageOf(stockMovementSchema);
export const stockMovementListQuerySchema = z.object({
  centerId: z.uuid().optional(),
  kind: z.enum(STOCK_MOVEMENT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

// ---------------------------------------------------------------- product sets

export const productSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: amountOut,
  taxRateBp: z.number().int(),
  active: z.boolean(),
  items: z.array(
    z.object({
      product: z.object({ id: z.string(), name: z.string(), sku: z.string(), active: z.boolean() }),
      quantity: z.number().int(),
    }),
  ),
  createdAt: z.string(),
});
export type ProductSet = z.infer<typeof productSetSchema>;
export const productSetListResponseSchema = pageOf(productSetSchema);
export const productSetListQuerySchema = listQuerySchema.extend({
  active: booleanQuery,
  sort: z.enum(['name', '-name', 'price', '-price']).default('name'),
});
export const productSetExportQuerySchema = productSetListQuerySchema.omit(notPaged).extend(exportFields);

const setItemsSchema = z
  .array(z.strictObject({ productId: z.uuid(), quantity: z.number().int().min(1).max(1000) }))
  .min(1, 'items_required')
  .max(50)
  .superRefine((items, issue) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.productId))
        issue.addIssue({ code: 'custom', path: [i, 'productId'], message: 'duplicate_product' });
      seen.add(item.productId);
    });
  });
const productSetFields = {
  name: text().trim().min(1).max(120),
  description: optionalText(500, true),
  price: amountSchema,
  taxRateBp: basisPointsSchema.default(0),
  items: setItemsSchema,
};
export const createProductSetRequestSchema = z.strictObject(productSetFields);
export type CreateProductSetRequest = z.input<typeof createProductSetRequestSchema>;
export const updateProductSetRequestSchema = z
  .strictObject({ ...productSetFields, taxRateBp: basisPointsSchema, active: z.boolean() })
  .partial();
export type UpdateProductSetRequest = z.input<typeof updateProductSetRequestSchema>;

// ---------------------------------------------------------------- coupons

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** Why a coupon cannot be used now (`null`: it can). */
export const COUPON_REFUSALS = [
  'unknown',
  'inactive',
  'not_yet_valid',
  'expired',
  'used_up',
  'member_limit',
  'min_spend',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

export const couponSchema = z.object({
  id: z.string(),
  /** As typed; matched upper-case. */
  code: z.string(),
  description: z.string().nullable(),
  kind: z.enum(COUPON_KINDS),
  /** Percent coupons: basis points (10 % = 1000). */
  percentBp: z.number().int(),
  /** Amount coupons: minor units off. */
  amount: amountOut,
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  minSpend: amountOut,
  appliesToTypes: z.array(itemTypeSchema),
  appliesToItems: z.array(z.object({ type: itemTypeSchema, id: z.string(), name: z.string().nullable() })),
  active: z.boolean(),
  /** Uses so far (not released by a refund or void). */
  uses: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListResponseSchema = pageOf(couponSchema);
export const couponListQuerySchema = listQuerySchema.extend({
  active: booleanQuery,
  kind: z.enum(COUPON_KINDS).optional(),
  sort: z.enum(['code', '-code', 'validUntil', '-validUntil', 'createdAt', '-createdAt']).default('code'),
});
export const couponExportQuerySchema = couponListQuerySchema.omit(notPaged).extend(exportFields);

export const couponCodeSchema = text()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'coupon_code_format');
const limitSchema = z.number().int().min(1).max(1_000_000).nullish();

const couponFields = {
  code: couponCodeSchema,
  description: optionalText(500, true),
  kind: z.enum(COUPON_KINDS),
  percentBp: basisPointsSchema.default(0),
  amount: amountSchema.default(ZERO),
  validFrom: isoDateSchema.nullish(),
  validUntil: isoDateSchema.nullish(),
  usageLimit: limitSchema,
  perMemberLimit: limitSchema,
  minSpend: amountSchema.default(ZERO),
  appliesToTypes: z.array(itemTypeSchema).max(ITEM_TYPES.length).default([]),
  appliesToItems: z.array(itemRefSchema).max(100).default([]),
};

interface CouponShape {
  kind?: CouponKind;
  percentBp?: number;
  amount?: number;
  validFrom?: string | null;
  validUntil?: string | null;
  appliesToTypes?: readonly string[];
}

/** The rules across a coupon's fields: the path and message of each broken one. */
export function couponShapeIssues(c: CouponShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (c.kind === 'percent' && !((c.percentBp ?? 0) >= 1 && (c.percentBp ?? 0) <= 10_000))
    issues.push({ path: 'percentBp', message: 'percent_range' });
  if (c.kind === 'amount' && !((c.amount ?? 0) >= 1 && (c.amount ?? 0) <= MONEY_MAX))
    issues.push({ path: 'amount', message: 'amount_positive' });
  if (c.validFrom && c.validUntil && c.validFrom > c.validUntil)
    issues.push({ path: 'validUntil', message: 'window_order' });
  if (c.appliesToTypes && new Set(c.appliesToTypes).size !== c.appliesToTypes.length)
    issues.push({ path: 'appliesToTypes', message: 'duplicate_type' });
  return issues;
}

const { kind: _kind, percentBp: _percentBp, amount: _amount, ...couponCommon } = couponFields;
/** A new coupon: a percentage (1 to 10,000 basis points) or an amount (> 0) off, by its `kind`. */
export const createCouponRequestSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      ...couponCommon,
      kind: z.literal('percent'),
      percentBp: basisPointsSchema.min(1, 'percent_range'),
    }),
    z.strictObject({ ...couponCommon, kind: z.literal('amount'), amount: positiveAmountSchema }),
  ])
  .superRefine((v, ctx) => {
    for (const i of couponShapeIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  });
export type CreateCouponRequest = z.input<typeof createCouponRequestSchema>;
export const updateCouponRequestSchema = z
  .strictObject({
    ...couponFields,
    percentBp: basisPointsSchema,
    amount: amountSchema,
    minSpend: amountSchema,
    appliesToTypes: z.array(itemTypeSchema).max(ITEM_TYPES.length),
    appliesToItems: z.array(itemRefSchema).max(100),
    active: z.boolean(),
  })
  .partial();
export type UpdateCouponRequest = z.input<typeof updateCouponRequestSchema>;

export const couponCheckQuerySchema = z.object({
  code: couponCodeSchema,
  memberId: z.uuid().optional(),
  /** The centre whose business date decides "now" (default: the caller's first centre). */
  centerId: z.uuid().optional(),
  /** The cart's eligible subtotal, for the minimum spend; left out: not checked. */
  subtotal: z.coerce.number().int().min(0).max(MONEY_MAX).optional(),
});
export const couponCheckResponseSchema = z.object({
  usable: z.boolean(),
  reason: z.enum(COUPON_REFUSALS).nullable(),
  coupon: couponSchema.nullable(),
  /** The business date the rule was judged on. */
  today: z.string(),
});
export type CouponCheck = z.infer<typeof couponCheckResponseSchema>;

// ---------------------------------------------------------------- offers

/** Largest offer image, in bytes once decoded. */
export const OFFER_IMAGE_MAX_BYTES = 300 * 1024;
const IMAGE_RE = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

function headBytes(base64: string, n: number): number[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of base64.slice(0, Math.ceil((n * 4) / 3) + 4)) {
    const v = alphabet.indexOf(ch);
    if (v < 0) break;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
    if (bytes.length >= n) break;
  }
  return bytes;
}

const startsWith = (bytes: number[], sig: (number | null)[]) => sig.every((b, i) => b === null || bytes[i] === b);

/**
 * Why an image data URL is refused (`null`: accepted): not a JPEG/PNG/WebP data URL, content bytes
 * that are not the declared type's, or more than `OFFER_IMAGE_MAX_BYTES` once decoded.
 */
export function offerImageIssue(value: string): 'image_format' | 'image_content' | 'image_too_large' | null {
  const m = IMAGE_RE.exec(value);
  if (!m) return 'image_format';
  const [, type, data] = m as unknown as [string, string, string];
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const size = (data.length / 4) * 3 - padding;
  if (data.length % 4 !== 0) return 'image_format';
  if (size > OFFER_IMAGE_MAX_BYTES) return 'image_too_large';
  const head = headBytes(data, 12);
  const ok =
    type === 'jpeg'
      ? startsWith(head, [0xff, 0xd8, 0xff])
      : type === 'png'
        ? startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        : startsWith(head, [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]);
  return ok ? null : 'image_content';
}

export const offerImageSchema = text()
  .max(Math.ceil(OFFER_IMAGE_MAX_BYTES / 3) * 4 + 64, 'image_too_large')
  .superRefine((v, ctx) => {
    const issue = offerImageIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

export const offerCartItemSchema = z.strictObject({
  type: itemTypeSchema,
  id: z.uuid(),
  quantity: z.number().int().min(1).max(100),
});

export const offerSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** The image (detail and the sale screen's current offers); lists carry `hasImage` only. */
  image: z.string().nullable(),
  hasImage: z.boolean(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  allCenters: z.boolean(),
  centers: z.array(centerRefSchema),
  cart: z.array(
    z.object({ type: itemTypeSchema, id: z.string(), quantity: z.number().int(), name: z.string().nullable() }),
  ),
  coupon: z.object({ id: z.string(), code: z.string() }).nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerListResponseSchema = pageOf(offerSchema);
export const offerListQuerySchema = listQuerySchema.extend({
  active: booleanQuery,
  centerId: z.uuid().optional(),
  sort: z.enum(['title', '-title', 'validFrom', '-validFrom', 'validUntil', '-validUntil']).default('title'),
});
export const offerExportQuerySchema = offerListQuerySchema.omit(notPaged).extend(exportFields);
export const currentOffersQuerySchema = z.object({ centerId: z.uuid() });
export const currentOffersResponseSchema = z.object({ items: z.array(offerSchema), today: z.string() });

const offerFields = {
  title: text().trim().min(1).max(120),
  body: optionalText(2000, true),
  image: offerImageSchema.nullish(),
  validFrom: isoDateSchema.nullish(),
  validUntil: isoDateSchema.nullish(),
  allCenters: z.boolean().default(true),
  centerIds: z.array(z.uuid()).max(200).default([]),
  cart: z.array(offerCartItemSchema).max(20).default([]),
  couponId: z.uuid().nullish(),
};

interface OfferShape {
  validFrom?: string | null;
  validUntil?: string | null;
  allCenters?: boolean;
  centerIds?: readonly string[];
}
/** The rules across an offer's fields. */
export function offerShapeIssues(o: OfferShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (o.validFrom && o.validUntil && o.validFrom > o.validUntil)
    issues.push({ path: 'validUntil', message: 'window_order' });
  if (o.allCenters === false && (o.centerIds?.length ?? 0) === 0)
    issues.push({ path: 'centerIds', message: 'centers_required' });
  return issues;
}

export const createOfferRequestSchema = z.strictObject(offerFields).superRefine((v, ctx) => {
  for (const i of offerShapeIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type CreateOfferRequest = z.input<typeof createOfferRequestSchema>;
export const updateOfferRequestSchema = z
  .strictObject({
    ...offerFields,
    allCenters: z.boolean(),
    centerIds: z.array(z.uuid()).max(200),
    cart: z.array(offerCartItemSchema).max(20),
    active: z.boolean(),
  })
  .partial();
export type UpdateOfferRequest = z.input<typeof updateOfferRequestSchema>;
