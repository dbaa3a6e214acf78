import { basisPointsText } from '@gym/contract/money';
import {
  barcodeParamsSchema,
  type Coupon,
  couponCheckQuerySchema,
  couponCheckResponseSchema,
  couponExportQuerySchema,
  couponListQuerySchema,
  couponListResponseSchema,
  couponSchema,
  createCouponRequestSchema,
  createOfferRequestSchema,
  createProductRequestSchema,
  createProductSetRequestSchema,
  currentOffersQuerySchema,
  currentOffersResponseSchema,
  idParamsSchema,
  type Offer,
  offerExportQuerySchema,
  offerListQuerySchema,
  offerListResponseSchema,
  offerSchema,
  type Product,
  type ProductSet,
  productExportQuerySchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  productSetExportQuerySchema,
  productSetListQuerySchema,
  productSetListResponseSchema,
  productSetSchema,
  stockMovementListQuerySchema,
  stockMovementListResponseSchema,
  stockMovementRequestSchema,
  stockMovementSchema,
  updateCouponRequestSchema,
  updateOfferRequestSchema,
  updateProductRequestSchema,
  updateProductSetRequestSchema,
} from '@gym/contract/retail';
import { today as businessToday } from '@gym/contract/time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
import { usableCenter } from '../../lib/tenant-db.ts';
import { runTransaction } from '../../lib/use-case.ts';
import { checkCoupon } from './check-coupon.ts';
import { createCoupon, updateCoupon } from './manage-coupon.ts';
import { createOffer, updateOffer } from './manage-offer.ts';
import { createProduct, updateProduct } from './manage-product.ts';
import { createProductSet, updateProductSet } from './manage-product-set.ts';
import {
  currentOffers,
  getCoupon,
  getOffer,
  getProduct,
  getProductByBarcode,
  getProductSet,
  listCoupons,
  listCouponsForExport,
  listOffers,
  listOffersForExport,
  listProductSets,
  listProductSetsForExport,
  listProducts,
  listProductsForExport,
  listStockMovements,
} from './queries.ts';
import { recordStockMovement } from './record-stock-movement.ts';

const tags = ['retail'];
const read = can('read', 'Catalogue');
const amount = (n: number) => n;
const percent = (bp: number) => `${basisPointsText(bp, { fixed: true })}%`;
const yesNo = (b: boolean) => (b ? 'yes' : 'no');

const PRODUCT_COLUMNS: ExportColumn<Product>[] = [
  { header: 'Name', value: (p) => p.name, width: 28 },
  { header: 'SKU', value: (p) => p.sku, width: 16 },
  { header: 'Barcode', value: (p) => p.barcode, width: 16 },
  { header: 'Category', value: (p) => p.category, width: 16 },
  { header: 'Price (minor units)', value: (p) => amount(p.price), width: 14 },
  { header: 'Tax rate', value: (p) => percent(p.taxRateBp), width: 10 },
  { header: 'Low-stock threshold', value: (p) => p.lowStockThreshold, width: 10 },
  { header: 'Stock', value: (p) => p.stock.map((s) => `${s.center.code}: ${s.onHand}`).join(', '), width: 24 },
  { header: 'Low stock', value: (p) => yesNo(p.lowStock), width: 10 },
  { header: 'Active', value: (p) => yesNo(p.active), width: 8 },
];
const SET_COLUMNS: ExportColumn<ProductSet>[] = [
  { header: 'Name', value: (s) => s.name, width: 28 },
  { header: 'Products', value: (s) => s.items.map((i) => `${i.quantity} × ${i.product.name}`).join(', '), width: 40 },
  { header: 'Price (minor units)', value: (s) => amount(s.price), width: 14 },
  { header: 'Tax rate', value: (s) => percent(s.taxRateBp), width: 10 },
  { header: 'Active', value: (s) => yesNo(s.active), width: 8 },
];
const COUPON_COLUMNS: ExportColumn<Coupon>[] = [
  { header: 'Code', value: (c) => c.code, width: 16 },
  { header: 'Description', value: (c) => c.description, width: 28 },
  { header: 'Kind', value: (c) => c.kind, width: 10 },
  { header: 'Percent', value: (c) => (c.kind === 'percent' ? percent(c.percentBp) : null), width: 10 },
  { header: 'Amount (minor units)', value: (c) => (c.kind === 'amount' ? c.amount : null), width: 14 },
  { header: 'Valid from', value: (c) => c.validFrom, width: 12 },
  { header: 'Valid until', value: (c) => c.validUntil, width: 12 },
  { header: 'Usage limit', value: (c) => c.usageLimit, width: 10 },
  { header: 'Per member', value: (c) => c.perMemberLimit, width: 10 },
  { header: 'Minimum spend (minor units)', value: (c) => c.minSpend, width: 14 },
  { header: 'Uses', value: (c) => c.uses, width: 8 },
  {
    header: 'Applies to',
    value: (c) => [...c.appliesToTypes, ...c.appliesToItems.map((i) => i.name ?? i.id)].join(', '),
  },
  { header: 'Active', value: (c) => yesNo(c.active), width: 8 },
];
const OFFER_COLUMNS: ExportColumn<Offer>[] = [
  { header: 'Title', value: (o) => o.title, width: 28 },
  { header: 'Text', value: (o) => o.body, width: 40 },
  { header: 'Valid from', value: (o) => o.validFrom, width: 12 },
  { header: 'Valid until', value: (o) => o.validUntil, width: 12 },
  { header: 'Centres', value: (o) => (o.allCenters ? 'all' : o.centers.map((c) => c.code).join(', ')), width: 16 },
  { header: 'Cart', value: (o) => o.cart.map((i) => `${i.quantity} × ${i.name ?? i.id}`).join(', '), width: 40 },
  { header: 'Coupon', value: (o) => o.coupon?.code, width: 14 },
  { header: 'Active', value: (o) => yesNo(o.active), width: 8 },
];

/**
 * The retail catalogue: `/pro/products` (with stock per centre and its movements), `/pro/product-sets`,
 * `/pro/coupons` and `/pro/offers`. Every gym role reads it; managers change it and move stock.
 * DELETE deactivates (invoices keep pointing at the item); PATCH `{active: true}` brings it back.
 */
export function retailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    const timeZone = (req: { auth?: unknown }, centerId?: string) =>
      callerTimeZone(db, req.auth as Parameters<typeof callerTimeZone>[1], centerId);

    // ------------------------------------------------------------ products
    app.get(
      '/products',
      {
        config: { access: read },
        schema: { tags, querystring: productListQuerySchema, response: { 200: productListResponseSchema } },
      },
      (req) => listProducts(db, req.auth!, req.query),
    );
    app.get(
      '/products/export',
      { config: { access: read }, schema: { tags, querystring: productExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'products',
          timeZone: await timeZone(req, req.query.centerId),
          format: req.query.format,
          columns: PRODUCT_COLUMNS,
          rows: await listProductsForExport(db, req.auth!, req.query),
        }),
    );
    app.get(
      '/products/by-barcode/:code',
      { config: { access: read }, schema: { tags, params: barcodeParamsSchema, response: { 200: productSchema } } },
      (req) => getProductByBarcode(db, req.auth!, req.params.code),
    );
    app.get(
      '/products/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: productSchema } } },
      (req) => getProduct(db, req.auth!, req.params.id),
    );
    app.post(
      '/products',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createProductRequestSchema, response: { 201: productSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runTransaction(deps, req.auth!, (ctx) => createProduct(ctx, req.body))),
    );
    app.patch(
      '/products/:id',
      {
        config: { access: can('update', 'Catalogue') },
        schema: { tags, params: idParamsSchema, body: updateProductRequestSchema, response: { 200: productSchema } },
      },
      (req) => runTransaction(deps, req.auth!, (ctx) => updateProduct(ctx, { ...req.body, id: req.params.id })),
    );
    app.delete(
      '/products/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runTransaction(deps, req.auth!, (ctx) => updateProduct(ctx, { id: req.params.id, active: false }));
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/products/:id/stock-movements',
      {
        config: { access: read },
        schema: {
          tags,
          params: idParamsSchema,
          querystring: stockMovementListQuerySchema,
          response: { 200: stockMovementListResponseSchema },
        },
      },
      (req) => listStockMovements(db, req.auth!, req.params.id, req.query),
    );
    app.post(
      '/products/:id/stock-movements',
      {
        // Deliveries and counts change what the books say the gym owns: managers only (decision in docs).
        config: { access: can('update', 'Catalogue') },
        schema: {
          tags,
          params: idParamsSchema,
          body: stockMovementRequestSchema,
          response: { 201: stockMovementSchema },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(
            await runTransaction(deps, req.auth!, (ctx) =>
              recordStockMovement(ctx, { ...req.body, productId: req.params.id }),
            ),
          ),
    );

    // ------------------------------------------------------------ product sets
    app.get(
      '/product-sets',
      {
        config: { access: read },
        schema: { tags, querystring: productSetListQuerySchema, response: { 200: productSetListResponseSchema } },
      },
      (req) => listProductSets(db, req.auth!, req.query),
    );
    app.get(
      '/product-sets/export',
      { config: { access: read }, schema: { tags, querystring: productSetExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'product-sets',
          timeZone: await timeZone(req),
          format: req.query.format,
          columns: SET_COLUMNS,
          rows: await listProductSetsForExport(db, req.auth!, req.query),
        }),
    );
    app.get(
      '/product-sets/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: productSetSchema } } },
      (req) => getProductSet(db, req.auth!, req.params.id),
    );
    app.post(
      '/product-sets',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createProductSetRequestSchema, response: { 201: productSetSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runTransaction(deps, req.auth!, (ctx) => createProductSet(ctx, req.body))),
    );
    app.patch(
      '/product-sets/:id',
      {
        config: { access: can('update', 'Catalogue') },
        schema: {
          tags,
          params: idParamsSchema,
          body: updateProductSetRequestSchema,
          response: { 200: productSetSchema },
        },
      },
      (req) => runTransaction(deps, req.auth!, (ctx) => updateProductSet(ctx, { ...req.body, id: req.params.id })),
    );
    app.delete(
      '/product-sets/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runTransaction(deps, req.auth!, (ctx) => updateProductSet(ctx, { id: req.params.id, active: false }));
        return reply.code(204).send(null);
      },
    );

    // ------------------------------------------------------------ coupons
    app.get(
      '/coupons',
      {
        config: { access: read },
        schema: { tags, querystring: couponListQuerySchema, response: { 200: couponListResponseSchema } },
      },
      (req) => listCoupons(db, req.auth!, req.query),
    );
    app.get(
      '/coupons/export',
      { config: { access: read }, schema: { tags, querystring: couponExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'coupons',
          timeZone: await timeZone(req),
          format: req.query.format,
          columns: COUPON_COLUMNS,
          rows: await listCouponsForExport(db, req.auth!, req.query),
        }),
    );
    app.get(
      '/coupons/check',
      {
        config: { access: read },
        schema: { tags, querystring: couponCheckQuerySchema, response: { 200: couponCheckResponseSchema } },
      },
      (req) => checkCoupon(db, req.auth!, req.query),
    );
    app.get(
      '/coupons/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: couponSchema } } },
      (req) => getCoupon(db, req.auth!, req.params.id),
    );
    app.post(
      '/coupons',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createCouponRequestSchema, response: { 201: couponSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runTransaction(deps, req.auth!, (ctx) => createCoupon(ctx, req.body))),
    );
    app.patch(
      '/coupons/:id',
      {
        config: { access: can('update', 'Catalogue') },
        schema: { tags, params: idParamsSchema, body: updateCouponRequestSchema, response: { 200: couponSchema } },
      },
      (req) => runTransaction(deps, req.auth!, (ctx) => updateCoupon(ctx, { ...req.body, id: req.params.id })),
    );
    app.delete(
      '/coupons/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runTransaction(deps, req.auth!, (ctx) => updateCoupon(ctx, { id: req.params.id, active: false }));
        return reply.code(204).send(null);
      },
    );

    // ------------------------------------------------------------ offers
    app.get(
      '/offers',
      {
        config: { access: read },
        schema: { tags, querystring: offerListQuerySchema, response: { 200: offerListResponseSchema } },
      },
      (req) => listOffers(db, req.auth!, req.query),
    );
    app.get(
      '/offers/export',
      { config: { access: read }, schema: { tags, querystring: offerExportQuerySchema } },
      async (req, reply) =>
        sendExport(reply, deps.longReads, req.auth!, {
          fileName: 'offers',
          timeZone: await timeZone(req, req.query.centerId),
          format: req.query.format,
          columns: OFFER_COLUMNS,
          rows: await listOffersForExport(db, req.auth!, req.query),
        }),
    );
    app.get(
      '/offers/current',
      {
        config: { access: read },
        schema: { tags, querystring: currentOffersQuerySchema, response: { 200: currentOffersResponseSchema } },
      },
      async (req) => {
        const center = await usableCenter(db, req.auth!, req.query.centerId, 'centerId', false);
        const today = businessToday(center.timeZone);
        return { items: await currentOffers(db, req.auth!, center.id, today), today };
      },
    );
    app.get(
      '/offers/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: offerSchema } } },
      (req) => getOffer(db, req.auth!, req.params.id),
    );
    app.post(
      '/offers',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createOfferRequestSchema, response: { 201: offerSchema } },
      },
      async (req, reply) =>
        reply.code(201).send(await runTransaction(deps, req.auth!, (ctx) => createOffer(ctx, req.body))),
    );
    app.patch(
      '/offers/:id',
      {
        config: { access: can('update', 'Catalogue') },
        schema: { tags, params: idParamsSchema, body: updateOfferRequestSchema, response: { 200: offerSchema } },
      },
      (req) => runTransaction(deps, req.auth!, (ctx) => updateOffer(ctx, { ...req.body, id: req.params.id })),
    );
    app.delete(
      '/offers/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runTransaction(deps, req.auth!, (ctx) => updateOffer(ctx, { id: req.params.id, active: false }));
        return reply.code(204).send(null);
      },
    );
  };
}
