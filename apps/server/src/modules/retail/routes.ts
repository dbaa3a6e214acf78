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
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, can } from '../../lib/access.ts';
import { resourceRoutes, routeTable } from '../../lib/routes.ts';
import type { ExportColumn } from '../../lib/table-export.ts';
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
    const routes = routeTable(app, tags);
    const { get, post } = routes;
    const resource = resourceRoutes(routes, deps, 'Catalogue');
    const scoped = (req: { auth: AuthContext | null }) => queryContext(deps, req.auth!).db;
    const params = idParamsSchema;

    // ------------------------------------------------------------ products
    resource('/products', {
      list: { query: productListQuerySchema, reply: productListResponseSchema, read: listProducts },
      export: {
        query: productExportQuerySchema,
        fileName: 'products',
        columns: PRODUCT_COLUMNS,
        rows: listProductsForExport,
      },
      item: { params, reply: productSchema, read: getProduct },
      create: { body: createProductRequestSchema, command: createProduct },
      update: { body: updateProductRequestSchema, command: updateProduct },
      deactivate: { command: deactivateProduct },
    });
    get('/products/by-barcode/:code', read, { params: barcodeParamsSchema, reply: productSchema }, (req) =>
      getProductByBarcode(scoped(req), req.params.code),
    );
    get(
      '/products/:id/stock-movements',
      read,
      { params, query: stockMovementListQuerySchema, reply: stockMovementListResponseSchema },
      (req) => listStockMovements(scoped(req), { ...req.query, productId: req.params.id }),
    );
    // Deliveries and counts change what the books say the gym owns: managers only (decision in docs).
    post(
      '/products/:id/stock-movements',
      can('update', 'Catalogue'),
      { params, body: stockMovementRequestSchema, reply: stockMovementSchema, status: 201 },
      (req) => runCommand(deps, req.auth!, recordStockMovement, { ...req.body, productId: req.params.id }),
    );

    // ------------------------------------------------------------ product sets
    resource('/product-sets', {
      list: { query: productSetListQuerySchema, reply: productSetListResponseSchema, read: listProductSets },
      export: {
        query: productSetExportQuerySchema,
        fileName: 'product-sets',
        columns: SET_COLUMNS,
        rows: listProductSetsForExport,
      },
      item: { params, reply: productSetSchema, read: getProductSet },
      create: { body: createProductSetRequestSchema, command: createProductSet },
      update: { body: updateProductSetRequestSchema, command: updateProductSet },
      deactivate: { command: deactivateProductSet },
    });

    // ------------------------------------------------------------ coupons
    resource('/coupons', {
      list: { query: couponListQuerySchema, reply: couponListResponseSchema, read: listCoupons },
      export: {
        query: couponExportQuerySchema,
        fileName: 'coupons',
        columns: COUPON_COLUMNS,
        rows: listCouponsForExport,
      },
      item: { params, reply: couponSchema, read: getCoupon },
      create: { body: createCouponRequestSchema, command: createCoupon },
      update: { body: updateCouponRequestSchema, command: updateCoupon },
      deactivate: { command: deactivateCoupon },
    });
    get('/coupons/check', read, { query: couponCheckQuerySchema, reply: couponCheckResponseSchema }, (req) =>
      checkCoupon(queryContext(deps, req.auth!), req.query),
    );

    // ------------------------------------------------------------ offers
    resource('/offers', {
      list: { query: offerListQuerySchema, reply: offerListResponseSchema, read: listOffers },
      export: { query: offerExportQuerySchema, fileName: 'offers', columns: OFFER_COLUMNS, rows: listOffersForExport },
      item: { params, reply: offerSchema, read: getOffer },
      create: { body: createOfferRequestSchema, command: createOffer },
      update: { body: updateOfferRequestSchema, command: updateOffer },
      deactivate: { command: deactivateOffer },
    });
    get(
      '/offers/current',
      read,
      { query: currentOffersQuerySchema, reply: currentOffersResponseSchema },
      async (req) => {
        const { db: tenant, clock } = queryContext(deps, req.auth!);
        const center = await tenant.usableCenter(req.query.centerId, 'centerId', false);
        const today = clock.today(center.timeZone);
        return { items: await currentOffers(tenant, { centerId: center.id, today }), today };
      },
    );
  };
}
