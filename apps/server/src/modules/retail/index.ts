/** What other modules and the app may use of the retail catalogue (products, sets, coupons, offers). */
export { type CouponRuleFacts, type CouponRuleSituation, couponRefusal } from './coupon-rules.ts';
export { retailRoutes } from './routes.ts';
export { type MovedStock, type MoveStockInput, moveStock } from './stock.ts';
