/**
 * The one route table of the web app: every path of the product (spec section 2 and SCOPE.md),
 * with its meta (title key, permission, layout, sign-in behaviour). Plain data that imports no screen:
 * the router is built from it (`router.tsx`, with `screens.ts`), the menu points into it and tests
 * enumerate it.
 *
 * Template demo routes of the bought template are deliberately absent: like any unknown path they
 * fall to `/error-404`.
 */
import type { Action, Resource } from '@gym/contract/acl';
import type { RouteLayout, RouteMeta } from './routeMeta';

/**
 * The screens a route can show. Each is its own lazily loaded chunk, mapped to its module in
 * `screens.ts`: the table names screens rather than importing them, so a screen may use the route
 * table (the sign-in page asks whether a return path is allowed) without an import cycle.
 */
export const SCREEN_NAMES = [
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'accessControl',
  'accountSetting',
  'profile',
  'outbox',
  'error404',
  'notAuthorized',
  'comingSoon',
  'underMaintenance',
  'error',
  'memberList',
  'memberEdit',
  'groupList',
  'staffList',
  'staffEdit',
  'center',
  'centerList',
  'roomList',
  'membershipList',
  'packageList',
  'shortCourseList',
  'membershipDetail',
  'packageDetail',
  'systemConfig',
  'auditLog',
  'cardLink',
  'memberRegistration',
  'memberImport',
  'classImport',
  'expenditureList',
  'productList',
  'productSetList',
  'couponList',
  'offerList',
  'sellMembership',
  'staffCommission',
  'newSale',
  'invoiceList',
  'dashboard',
  'entryRecords',
  'staffAttendance',
  'classList',
  'classTypeList',
  'memberClassAdd',
  'calendar',
  'ptDetail',
  'newsList',
  'albumList',
  'slider',
  'payLink',
  'transactionPayment',
  'memberPayment',
  'paymentStatus',
  'simulatedCheckout',
  'payLinkList',
  'onlinePaymentList',
  'signature',
  'epad',
  'goal',
  'report',
  'placeholder',
] as const;

export type ScreenName = (typeof SCREEN_NAMES)[number];

/** Product screens that later work builds show the placeholder (title and "coming soon") until then. */
export const PLACEHOLDER_SCREEN: ScreenName = 'placeholder';

export interface PageRoute {
  path: string;
  screen: ScreenName;
  meta: RouteMeta;
  /**
   * For routes whose param picks what is shown (`/report/:code`): the meta for these params, or
   * null when the param is unknown (the route then answers with error-404).
   */
  resolve?: (params: Record<string, string | undefined>) => RouteMeta | null;
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

export type RouteDef = PageRoute | RedirectRoute;

export function isRedirect(route: RouteDef): route is RedirectRoute {
  return 'redirectTo' in route;
}

interface MetaOptions {
  action?: Action;
  layout?: RouteLayout;
  redirectIfLoggedIn?: boolean;
}

/** A product screen: signed in, `read` on `ACL` and `{action, resource}`. */
function product(titleKey: string, resource: Resource | 'ACL', options: MetaOptions = {}): RouteMeta {
  return {
    titleKey,
    resource,
    action: options.action ?? 'read',
    layout: options.layout ?? 'vertical-or-horizontal',
    redirectIfLoggedIn: false,
    public: false,
  };
}

/** A sign-in page (resource `Auth`, full layout). */
function auth(titleKey: string, options: MetaOptions = {}): RouteMeta {
  return {
    titleKey,
    resource: 'Auth',
    action: 'read',
    layout: 'full',
    redirectIfLoggedIn: options.redirectIfLoggedIn ?? false,
    public: false,
  };
}

/** Open to anyone: pages for members and prospects, and the error pages. */
function open(titleKey: string): RouteMeta {
  return { titleKey, resource: 'Auth', action: 'read', layout: 'full', redirectIfLoggedIn: false, public: true };
}

const page = (path: string, screen: ScreenName, meta: RouteMeta): PageRoute => ({ path, screen, meta });

/**
 * Reports. The spec names two families (`/report/<code>` and `/report-<name>`); both are reachable
 * through `/report/{code}` too, where an unknown code is a 404. Misspellings are kept on purpose
 * (`report-transacion`, `center-Sales.vue`): staff bookmarks use them.
 */
export const REPORTS = [
  { code: 'class-income', path: '/report/class-income', titleKey: 'reportClassIncome', resource: 'Report' },
  { code: 'hold-workshop', path: '/report/hold-workshop', titleKey: 'reportHoldWorkshop', resource: 'Report' },
  { code: 'online-payment', path: '/report/online-payment', titleKey: 'reportOnlinePayment', resource: 'Report' },
  { code: 'sales-monthly', path: '/report/sales-monthly', titleKey: 'reportSalesMonthly', resource: 'Report' },
  { code: 'group', path: '/report/group', titleKey: 'reportGroup', resource: 'Report' },
  { code: 'split', path: '/report/split', titleKey: 'reportSplit', resource: 'Report' },
  {
    code: 'user-commission',
    path: '/report/user-commission',
    titleKey: 'reportUserCommission',
    resource: 'Commission',
  },
  { code: 'product', path: '/report/product', titleKey: 'reportProduct', resource: 'Report' },
  { code: 'teacher', path: '/report/teacher', titleKey: 'reportTeacher', resource: 'Report' },
  { code: 'center-Sales.vue', path: '/report/center-Sales.vue', titleKey: 'reportCenterSales', resource: 'Report' },
  {
    code: 'report-expire-student',
    path: '/report/report-expire-student',
    titleKey: 'reportExpireStudent',
    resource: 'Report',
  },
  {
    code: 'trial_and_newjoin',
    path: '/report/trial_and_newjoin',
    titleKey: 'reportTrialAndNewJoin',
    resource: 'Report',
  },
  { code: 'paymentMethod', path: '/report-paymentMethod', titleKey: 'reportPaymentMethod', resource: 'Report' },
  { code: 'transacion', path: '/report-transacion', titleKey: 'reportTransaction', resource: 'Report' },
  { code: 'student', path: '/report-student', titleKey: 'reportStudent', resource: 'Report' },
  { code: 'installment', path: '/report-installment', titleKey: 'reportInstallment', resource: 'Report' },
  { code: 'entry', path: '/report-entry', titleKey: 'reportEntry', resource: 'Report' },
  { code: 'commission', path: '/report-commission', titleKey: 'reportCommission', resource: 'Commission' },
  { code: 'membership', path: '/report-membership', titleKey: 'reportMembership', resource: 'Report' },
  {
    code: 'online-payment-list',
    path: '/report-online-payment',
    titleKey: 'reportOnlinePaymentList',
    resource: 'Report',
  },
  {
    code: 'personal-training',
    path: '/report-personal-training',
    titleKey: 'reportPersonalTraining',
    resource: 'Report',
  },
  { code: 'nonpay', path: '/report-nonpay', titleKey: 'reportNonpay', resource: 'Report' },
] as const satisfies readonly { code: string; path: string; titleKey: string; resource: Resource }[];

export type ReportCode = (typeof REPORTS)[number]['code'];

/** Codes `/report/{code}` knows; anything else is a 404. */
export const REPORT_CODES: readonly string[] = REPORTS.map((r) => r.code);

function reportMeta(code: string | undefined): RouteMeta | null {
  const report = REPORTS.find((r) => r.code.toLowerCase() === code?.toLowerCase());
  return report ? product(report.titleKey, report.resource) : null;
}

export const ROUTE_TABLE: readonly RouteDef[] = [
  // Root and sign-in aliases.
  { path: '/', redirectTo: '/class-list' },
  { path: '/login2', redirectTo: '/login' },
  { path: '/pages/authentication/login-v1', redirectTo: '/login' },

  // Auth (full layout, resource Auth).
  page('/login', 'login', auth('login', { redirectIfLoggedIn: true })),
  page('/register-old', 'register', auth('register', { redirectIfLoggedIn: true })),
  page('/register-v1', 'register', auth('register', { redirectIfLoggedIn: true })),
  page('/register-v2', 'register', auth('register', { redirectIfLoggedIn: true })),
  page('/forgot-password', 'forgotPassword', auth('forgotPassword', { redirectIfLoggedIn: true })),
  page('/forgot-password-v1', 'forgotPassword', auth('forgotPassword', { redirectIfLoggedIn: true })),
  page('/forgot-password-v2', 'forgotPassword', auth('forgotPassword', { redirectIfLoggedIn: true })),
  page('/reset-password-v1', 'resetPassword', auth('resetPassword')),
  page('/reset-password-v2', 'resetPassword', auth('resetPassword')),
  page('/access-control', 'accessControl', product('accessControl', 'ACL')),

  // The staff member's own account.
  page('/pages/account-setting', 'accountSetting', product('accountSetting', 'ACL')),
  page('/pages/profile', 'profile', product('profile', 'ACL')),

  // Miscellaneous (full layout, open to anyone).
  page('/error-404', 'error404', open('error404')),
  page('/pages/miscellaneous/coming-soon', 'comingSoon', open('comingSoon')),
  page('/pages/miscellaneous/not-authorized', 'notAuthorized', open('notAuthorized')),
  page('/pages/miscellaneous/under-maintenance', 'underMaintenance', open('underMaintenance')),
  page('/pages/miscellaneous/error', 'error', open('error')),

  // Development e-mail outbox.
  page('/outbox', 'outbox', product('outbox', 'Outbox')),

  // Front desk.
  page('/dashboard', 'dashboard', product('dashboard', 'Dashboard')),
  page('/entry-records', 'entryRecords', product('entryRecords', 'Entry')),
  page('/staff-attendance', 'staffAttendance', product('staffAttendance', 'Attendance')),
  page('/epad/:id', 'epad', product('epad', 'Signature', { layout: 'full' })),

  // Members.
  page('/student-list', 'memberList', product('memberList', 'Member')),
  page('/apps/student/edit/:id', 'memberEdit', product('memberEdit', 'Member')),
  page('/group-list', 'groupList', product('groupList', 'Member')),
  page('/student-import', 'memberImport', product('memberImport', 'Member', { action: 'create' })),

  // Staff.
  page('/staff-list', 'staffList', product('staffList', 'Staff')),
  page('/apps/staff/edit/:id', 'staffEdit', product('staffEdit', 'Staff')),
  page('/apps/cloudfit/staff/package/:id', 'staffCommission', product('staffCommission', 'Commission')),

  // Centres and rooms.
  page('/center', 'center', product('center', 'Centre')),
  page('/center-list', 'centerList', product('centerList', 'Centre')),
  page('/room-list', 'roomList', product('roomList', 'Room')),

  // Selling.
  page('/product-list', 'productList', product('productList', 'Catalogue')),
  page('/product-set-list', 'productSetList', product('productSetList', 'Catalogue')),
  page('/package-list', 'packageList', product('packageList', 'Catalogue')),
  page('/membership-list', 'membershipList', product('membershipList', 'Catalogue')),
  page('/short-course-list', 'shortCourseList', product('shortCourseList', 'Catalogue')),
  page('/coupon-list', 'couponList', product('couponList', 'Catalogue')),
  page('/offer-list', 'offerList', product('offerList', 'Catalogue')),
  page('/apps/cloudfit/package/:id', 'packageDetail', product('packageDetail', 'Catalogue')),
  page('/apps/cloudfit/membership/:id', 'membershipDetail', product('membershipDetail', 'Catalogue')),
  page('/apps/member/:id/invoice/add', 'newSale', product('memberInvoiceAdd', 'Sale', { action: 'create' })),
  page(
    '/apps/member/:id/membership/add',
    'sellMembership',
    product('memberMembershipAdd', 'Sale', { action: 'create' }),
  ),
  page('/apps/member/:id/class/add', 'memberClassAdd', product('memberClassAdd', 'Booking', { action: 'create' })),
  page('/invoice', 'invoiceList', product('invoice', 'Sale')),
  page('/pay-links', 'payLinkList', product('payLinks', 'Payment')),
  page('/expenditure', 'expenditureList', product('expenditure', 'Expenditure')),
  page('/goal', 'goal', product('goal', 'Goal')),

  // Classes.
  page('/class-list', 'classList', product('classList', 'Class')),
  page('/class-type-list', 'classTypeList', product('classTypeList', 'Class')),
  page('/calendar', 'calendar', product('calendar', 'Class')),
  page('/class-import', 'classImport', product('classImport', 'Class', { action: 'create' })),
  page('/pt-detail/:id', 'ptDetail', product('ptDetail', 'PersonalTraining')),
  // The PT screens' chunk shows the day's sessions when there is no package id.
  page('/pt-sessions', 'ptDetail', product('ptSessions', 'PersonalTraining')),

  // Content.
  page('/news-list', 'newsList', product('newsList', 'Content')),
  page('/album-list', 'albumList', product('albumList', 'Content')),
  page('/slider', 'slider', product('slider', 'Content')),

  // Settings.
  page('/system-config', 'systemConfig', product('systemConfig', 'Setting')),
  page('/system-config/audit', 'auditLog', product('auditLog', 'Audit')),

  // Reports: the named ones, then the generic one.
  // The online payments list is the spec's `/report-online-payment` (its orders are read with `read Payment`).
  ...REPORTS.map((r) =>
    r.code === 'online-payment-list'
      ? page(r.path, 'onlinePaymentList', product(r.titleKey, 'Payment'))
      : page(r.path, 'report', product(r.titleKey, r.resource)),
  ),
  {
    path: '/report/:code',
    screen: 'report',
    meta: product('report', 'Report'),
    resolve: (params) => reportMeta(params.code),
  },

  // Public pages for members and prospects (full layout, no sign-in).
  page('/card_link/:center_id/:token', 'cardLink', open('cardLink')),
  page('/payment/:student_uuid/:date', 'memberPayment', open('payment')),
  page('/transaction-payment/:transaction_uuid', 'transactionPayment', open('transactionPayment')),
  page('/payment-status/:order_id', 'paymentStatus', open('paymentStatus')),
  page('/pay_link/:paylink_token', 'payLink', open('payLink')),
  // The simulated payment provider's hosted checkout (the provider's page, not the product's).
  page('/simulated-checkout/:session_id', 'simulatedCheckout', open('simulatedCheckout')),
  page('/signature/:expire_token', 'signature', open('signature')),
  page('/register/:initial/:center_code', 'memberRegistration', open('memberRegistration')),
];

export const PAGE_ROUTES: readonly PageRoute[] = ROUTE_TABLE.filter((r): r is PageRoute => !isRedirect(r));
export const REDIRECT_ROUTES: readonly RedirectRoute[] = ROUTE_TABLE.filter(isRedirect);

/** Every title key used by the table (the locales test checks each one exists). */
export const TITLE_KEYS: readonly string[] = [...new Set(PAGE_ROUTES.map((r) => r.meta.titleKey))];

const SAMPLE_PARAMS: Record<string, string> = {
  id: '1',
  code: 'class-income',
  center_id: '1',
  token: 'sample-token',
  student_uuid: '3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d',
  date: '2025-01-31',
  transaction_uuid: '7a1c2b3d-4e5f-4a6b-8c9d-0e1f2a3b4c5d',
  order_id: 'ORD-1001',
  paylink_token: 'sample-paylink',
  expire_token: 'sample-signature',
  initial: 'DF',
  center_code: 'CWB',
};

/** A concrete path for a route pattern, with sample params filled in (`/apps/student/edit/1`). */
export function samplePath(pattern: string): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');
}

/** Every path the spec names (section 2 and SCOPE.md), with sample ids, trailing slashes as written. */
export const SPEC_PATHS: readonly string[] = [
  '/',
  ...ROUTE_TABLE.filter((r) => r.path !== '/').map((r) => {
    const path = samplePath(r.path);
    // The spec writes member and public routes with a trailing slash; both forms work.
    return /^\/(apps\/member|card_link|payment|transaction-payment|payment-status|pay_link|signature|register\/)/.test(
      r.path,
    )
      ? `${path}/`
      : path;
  }),
];

/** A few template demo paths: they are not the product and must land on error-404. */
export const TEMPLATE_DEMO_PATHS: readonly string[] = [
  '/apps/calendar',
  '/apps/email',
  '/apps/email/label/personal',
  '/apps/todo',
  '/apps/todo/tag/team',
  '/apps/chat',
  '/apps/e-commerce/shop',
  '/apps/users/list',
  '/apps/invoice/list',
  '/dashboard/analytics',
  '/dashboard/ecommerce',
  '/components/alert',
  '/extensions/sweet-alert',
  '/charts/apex-chart',
  '/maps/leaflet',
  '/forms/form-wizard',
  '/tables/bs-table',
  '/pages/faq',
  '/pages/knowledge-base',
  '/pages/pricing',
  '/pages/blog/list',
];
