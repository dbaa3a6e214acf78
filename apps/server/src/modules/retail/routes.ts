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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { callerTimeZone } from '../../lib/business-date.ts';
import { type ExportColumn, sendExport } from '../../lib/table-export.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { checkCoupon } from './check-coupon.ts';
import { getCoupon, listCoupons, listCouponsForExport } from './coupon-queries.ts';
import { createCoupon } from './create-coupon.ts';
import { createOffer } from './create-offer.ts';
import { createProduct } from './create-product.ts';
import { createProductSet } from './create-product-set.ts';
import { deactivateCoupon } from './deactivate-coupon.ts';
import { deactivateOffer } from './deactivate-offer.ts';
import { deactivateProduct } from './deactivate-product.ts';
import { deactivateProductSet } from './deactivate-product-set.ts';
import { currentOffers, getOffer, listOffers, listOffersForExport } from './offer-queries.ts';
import { getProduct, getProductByBarcode, listProducts, listProductsForExport, listStockMovements } from './queries.ts';
import { recordStockMovement } from './record-stock-movement.ts';
import { getProductSet, listProductSets, listProductSetsForExport } from './set-queries.ts';
import { updateCoupon } from './update-coupon.ts';
import { updateOffer } from './update-offer.ts';
import { updateProduct } from './update-product.ts';
import { updateProductSet } from './update-product-set.ts';

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
 * DELETE deactivates (the deactivate commands); PATCH `{active: true}` brings it back.
 */
export function retailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;
    const scoped = (req: { auth?: AuthContext | null }) => queryContext(deps, req.auth!).db;
    const timeZone = (req: { auth?: unknown }, centerId?: string) =>
      callerTimeZone(db, req.auth as Parameters<typeof callerTimeZone>[1], centerId);

    // ------------------------------------------------------------ products
    app.get(
      '/products',
      {
        config: { access: read },
        schema: { tags, querystring: productListQuerySchema, response: { 200: productListResponseSchema } },
      },
      (req) => listProducts(scoped(req), req.query),
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
          rows: await listProductsForExport(scoped(req), req.query),
        }),
    );
    app.get(
      '/products/by-barcode/:code',
      { config: { access: read }, schema: { tags, params: barcodeParamsSchema, response: { 200: productSchema } } },
      (req) => getProductByBarcode(scoped(req), req.params.code),
    );
    app.get(
      '/products/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: productSchema } } },
      (req) => getProduct(scoped(req), req.params.id),
    );
    app.post(
      '/products',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createProductRequestSchema, response: { 201: productSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createProduct, req.body)),
    );
    app.patch(
      '/products/:id',
      {
        config: { access: can('update', 'Catalogue') },
        schema: { tags, params: idParamsSchema, body: updateProductRequestSchema, response: { 200: productSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateProduct, { ...req.body, id: req.params.id }),
    );
    app.delete(
      '/products/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, deactivateProduct, { id: req.params.id });
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
      (req) => listStockMovements(scoped(req), { ...req.query, productId: req.params.id }),
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
          .send(await runCommand(deps, req.auth!, recordStockMovement, { ...req.body, productId: req.params.id })),
    );

    // ------------------------------------------------------------ product sets
    app.get(
      '/product-sets',
      {
        config: { access: read },
        schema: { tags, querystring: productSetListQuerySchema, response: { 200: productSetListResponseSchema } },
      },
      (req) => listProductSets(scoped(req), req.query),
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
          rows: await listProductSetsForExport(scoped(req), req.query),
        }),
    );
    app.get(
      '/product-sets/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: productSetSchema } } },
      (req) => getProductSet(scoped(req), req.params.id),
    );
    app.post(
      '/product-sets',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createProductSetRequestSchema, response: { 201: productSetSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createProductSet, req.body)),
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
      (req) => runCommand(deps, req.auth!, updateProductSet, { ...req.body, id: req.params.id }),
    );
    app.delete(
      '/product-sets/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, deactivateProductSet, { id: req.params.id });
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
      (req) => listCoupons(scoped(req), req.query),
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
          rows: await listCouponsForExport(scoped(req), req.query),
        }),
    );
    app.get(
      '/coupons/check',
      {
        config: { access: read },
        schema: { tags, querystring: couponCheckQuerySchema, response: { 200: couponCheckResponseSchema } },
      },
      (req) => checkCoupon(queryContext(deps, req.auth!), req.query),
    );
    app.get(
      '/coupons/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: couponSchema } } },
      (req) => getCoupon(scoped(req), req.params.id),
    );
    app.post(
      '/coupons',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createCouponRequestSchema, response: { 201: couponSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createCoupon, req.body)),
    );
    app.patch(
      '/coupons/:id',
      {
        config: { access: can('update', 'Catalogue') },
        schema: { tags, params: idParamsSchema, body: updateCouponRequestSchema, response: { 200: couponSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateCoupon, { ...req.body, id: req.params.id }),
    );
    app.delete(
      '/coupons/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, deactivateCoupon, { id: req.params.id });
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
      (req) => listOffers(scoped(req), req.query),
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
          rows: await listOffersForExport(scoped(req), req.query),
        }),
    );
    app.get(
      '/offers/current',
      {
        config: { access: read },
        schema: { tags, querystring: currentOffersQuerySchema, response: { 200: currentOffersResponseSchema } },
      },
      async (req) => {
        const { db: tenant, clock } = queryContext(deps, req.auth!);
        const center = await tenant.usableCenter(req.query.centerId, 'centerId', false);
        const today = clock.today(center.timeZone);
        return { items: await currentOffers(tenant, { centerId: center.id, today }), today };
      },
    );
    app.get(
      '/offers/:id',
      { config: { access: read }, schema: { tags, params: idParamsSchema, response: { 200: offerSchema } } },
      (req) => getOffer(scoped(req), req.params.id),
    );
    app.post(
      '/offers',
      {
        config: { access: can('create', 'Catalogue') },
        schema: { tags, body: createOfferRequestSchema, response: { 201: offerSchema } },
      },
      async (req, reply) => reply.code(201).send(await runCommand(deps, req.auth!, createOffer, req.body)),
    );
    app.patch(
      '/offers/:id',
      {
        config: { access: can('update', 'Catalogue') },
        schema: { tags, params: idParamsSchema, body: updateOfferRequestSchema, response: { 200: offerSchema } },
      },
      (req) => runCommand(deps, req.auth!, updateOffer, { ...req.body, id: req.params.id }),
    );
    app.delete(
      '/offers/:id',
      {
        config: { access: can('delete', 'Catalogue') },
        schema: { tags, params: idParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await runCommand(deps, req.auth!, deactivateOffer, { id: req.params.id });
        return reply.code(204).send(null);
      },
    );
  };
}
