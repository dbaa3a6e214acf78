/**
 * Table-driven: every path of the spec's route lists, visited logged out, as admin, as client and as
 * trainer, lands on the screen or redirect SCOPE.md gives. The expectations are written here from
 * the spec, independently of the web app's own route table.
 */
import { abilityRulesFor, buildAbility, type Resource, type Role } from '@gym/contract/acl';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, storeSession } from './support/browser.ts';
import { useAppServer } from './support/server.ts';

type Kind = 'product' | 'public' | 'auth' | 'auth-redirect' | 'misc' | 'demo';
interface SpecPath {
  path: string;
  kind: Kind;
  resource?: Resource | 'ACL';
  action?: 'read' | 'create';
  /** where the path itself lands, before any guard (aliases) */
  alias?: string;
}

const p = (path: string, resource: Resource | 'ACL', action: 'read' | 'create' = 'read'): SpecPath => ({
  path,
  kind: 'product',
  resource,
  action,
});

// Spec section 2, "Product routes needing ACL read permission", and the report routes.
const PRODUCT: SpecPath[] = [
  p('/center', 'Centre'),
  p('/epad/1', 'Signature'),
  p('/dashboard', 'Dashboard'),
  p('/album-list', 'Content'),
  p('/goal', 'Goal'),
  p('/offer-list', 'Catalogue'),
  p('/product-set-list', 'Catalogue'),
  p('/pt-detail/1', 'PersonalTraining'),
  p('/calendar', 'Class'),
  p('/student-list', 'Member'),
  p('/staff-list', 'Staff'),
  p('/group-list', 'Member'),
  p('/apps/staff/edit/1', 'Staff'),
  p('/apps/student/edit/1', 'Member'),
  p('/apps/cloudfit/membership/1', 'Catalogue'),
  p('/apps/cloudfit/package/1', 'Catalogue'),
  p('/apps/cloudfit/staff/package/1', 'Commission'),
  p('/apps/member/1/class/add/', 'Booking', 'create'),
  p('/apps/member/1/invoice/add/', 'Sale', 'create'),
  p('/apps/member/1/membership/add/', 'Sale', 'create'),
  p('/news-list', 'Content'),
  p('/package-list', 'Catalogue'),
  p('/membership-list', 'Catalogue'),
  p('/class-import', 'Class', 'create'),
  p('/system-config', 'Setting'),
  p('/system-config/audit', 'Audit'),
  p('/class-list', 'Class'),
  p('/class-type-list', 'Class'),
  p('/slider', 'Content'),
  p('/product-list', 'Catalogue'),
  p('/short-course-list', 'Catalogue'),
  p('/coupon-list', 'Catalogue'),
  p('/center-list', 'Centre'),
  p('/room-list', 'Room'),
  p('/expenditure', 'Expenditure'),
  p('/invoice', 'Sale'),
  p('/access-control', 'ACL'),
  p('/pages/account-setting', 'ACL'),
  p('/pages/profile', 'ACL'),
  ...[
    'class-income',
    'hold-workshop',
    'online-payment',
    'sales-monthly',
    'group',
    'split',
    'user-commission',
    'product',
    'teacher',
    'center-Sales.vue',
    'report-expire-student',
    'trial_and_newjoin',
  ].map((c) => p(`/report/${c}`, 'Report')),
  ...[
    'paymentMethod',
    'transacion',
    'student',
    'installment',
    'entry',
    'commission',
    'membership',
    'personal-training',
    'nonpay',
  ].map((c) => p(`/report-${c}`, 'Report')),
  // The online payments list: its orders are read with `read Payment`.
  p('/report-online-payment', 'Payment'),
];

const PUBLIC: SpecPath[] = [
  '/card_link/1/abc/',
  '/payment/3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d/2026-11-01/',
  '/transaction-payment/7a1c2b3d-4e5f-4a6b-8c9d-0e1f2a3b4c5d/',
  '/payment-status/ORD-1/',
  '/pay_link/xyz/',
  '/signature/tok/',
  '/register/DF/CWB/',
].map((path) => ({ path, kind: 'public' }));

const AUTH: SpecPath[] = [
  { path: '/login', kind: 'auth-redirect' },
  { path: '/login2', kind: 'auth-redirect', alias: '/login' },
  { path: '/pages/authentication/login-v1', kind: 'auth-redirect', alias: '/login' },
  { path: '/register-old', kind: 'auth-redirect' },
  { path: '/register-v1', kind: 'auth-redirect' },
  { path: '/register-v2', kind: 'auth-redirect' },
  { path: '/forgot-password', kind: 'auth-redirect' },
  { path: '/forgot-password-v1', kind: 'auth-redirect' },
  { path: '/forgot-password-v2', kind: 'auth-redirect' },
  { path: '/reset-password-v1', kind: 'auth' },
  { path: '/reset-password-v2', kind: 'auth' },
];

const MISC: SpecPath[] = [
  '/error-404',
  '/pages/miscellaneous/coming-soon',
  '/pages/miscellaneous/not-authorized',
  '/pages/miscellaneous/under-maintenance',
  '/pages/miscellaneous/error',
].map((path) => ({ path, kind: 'misc' }));

// Template demo material is not built: like any unknown path it lands on error-404.
const DEMO: SpecPath[] = [
  '/apps/calendar',
  '/apps/email',
  '/apps/email/sent',
  '/apps/email/label/personal',
  '/apps/todo',
  '/apps/todo/important',
  '/apps/todo/tag/team',
  '/apps/chat',
  '/apps/e-commerce/shop',
  '/apps/e-commerce/wishlist',
  '/apps/e-commerce/checkout',
  '/apps/users/list',
  '/apps/users/view/1',
  '/apps/invoice/list',
  '/apps/invoice/preview/1',
  '/dashboard/analytics',
  '/dashboard/ecommerce',
  '/pages/faq',
  '/pages/knowledge-base',
  '/pages/pricing',
  '/pages/blog/list',
  '/report/no-such-report',
  '/this/does/not/exist',
].map((path) => ({ path, kind: 'demo' }));

const ALL = [...PRODUCT, ...PUBLIC, ...AUTH, ...MISC, ...DEMO];

type Who = 'logged-out' | Role;
const HOME: Record<string, string> = { admin: '/class-list', client: '/access-control', trainer: '/class-list' };
const NOT_AUTHORIZED = '/pages/miscellaneous/not-authorized';

const norm = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** The screen each landing path shows. Product screens not built yet show the coming-soon stand-in. */
const SCREEN_AT: Record<string, string> = {
  '/login': 'screen-login',
  '/register-old': 'screen-register',
  '/register-v1': 'screen-register',
  '/register-v2': 'screen-register',
  '/forgot-password': 'screen-forgot-password',
  '/forgot-password-v1': 'screen-forgot-password',
  '/forgot-password-v2': 'screen-forgot-password',
  '/reset-password-v1': 'screen-reset-password',
  '/reset-password-v2': 'screen-reset-password',
  '/error-404': 'screen-error-404',
  '/pages/miscellaneous/coming-soon': 'screen-coming-soon',
  '/pages/miscellaneous/not-authorized': 'screen-not-authorized',
  '/pages/miscellaneous/under-maintenance': 'screen-under-maintenance',
  '/pages/miscellaneous/error': 'screen-error',
  '/access-control': 'screen-access-control',
  '/pages/account-setting': 'screen-account-setting',
  '/pages/profile': 'screen-profile',
  '/student-list': 'screen-member-list',
  '/apps/student/edit/1': 'screen-member-edit',
  '/group-list': 'screen-group-list',
  '/staff-list': 'screen-staff-list',
  '/apps/staff/edit/1': 'screen-staff-edit',
  '/center': 'screen-center',
  '/center-list': 'screen-center-list',
  '/room-list': 'screen-room-list',
  '/membership-list': 'screen-membership-list',
  '/package-list': 'screen-package-list',
  '/short-course-list': 'screen-short-course-list',
  '/apps/cloudfit/membership/1': 'screen-membership-detail',
  '/apps/cloudfit/package/1': 'screen-package-detail',
  '/expenditure': 'screen-expenditure',
  '/product-list': 'screen-product-list',
  '/product-set-list': 'screen-product-set-list',
  '/coupon-list': 'screen-coupon-list',
  '/offer-list': 'screen-offer-list',
  '/system-config': 'screen-system-config',
  '/system-config/audit': 'screen-audit-log',
  '/apps/member/1/invoice/add': 'screen-new-sale',
  '/apps/member/1/membership/add': 'screen-sell-membership',
  '/invoice': 'screen-invoice-list',
  '/dashboard': 'screen-dashboard',
  '/goal': 'screen-goal',
  '/class-list': 'screen-class-list',
  '/class-type-list': 'screen-class-type-list',
  '/calendar': 'screen-calendar',
  '/pt-detail/1': 'screen-pt-detail',
  '/class-import': 'screen-class-import',
  '/apps/member/1/class/add': 'screen-member-class-add',
  '/apps/cloudfit/staff/package/1': 'screen-staff-commission',
  '/card_link/1/abc': 'screen-card-link',
  '/payment/3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d/2026-11-01': 'screen-member-payment',
  '/transaction-payment/7a1c2b3d-4e5f-4a6b-8c9d-0e1f2a3b4c5d': 'screen-transaction-payment',
  '/payment-status/ORD-1': 'screen-payment-status',
  '/pay_link/xyz': 'screen-pay-link',
  '/report-online-payment': 'screen-online-payments',
  '/register/DF/CWB': 'screen-member-registration',
  '/news-list': 'screen-news-list',
  '/album-list': 'screen-album-list',
  '/slider': 'screen-slider',
  '/epad/1': 'screen-epad',
  '/signature/tok': 'screen-signature',
};
/** Every report route opens the report screen (but the online payments list, above). */
const screenAt = (path: string) =>
  SCREEN_AT[path] ?? (/^\/report[-/]/.test(path) ? 'screen-report' : 'screen-coming-soon');

/** Where a visitor must end up, from SCOPE.md's guard rules and the role's permissions. */
function expected(who: Who, sp: SpecPath): string {
  const self = norm(sp.alias ?? sp.path);
  switch (sp.kind) {
    case 'demo':
      return '/error-404';
    case 'public':
    case 'misc':
    case 'auth':
      return self;
    case 'auth-redirect':
      return who === 'logged-out' ? self : HOME[who]!;
    case 'product': {
      if (who === 'logged-out') return '/login';
      const ability = buildAbility(abilityRulesFor(who));
      const ok = ability.can('read', 'ACL') && ability.can(sp.action ?? 'read', sp.resource as Resource);
      return ok ? self : NOT_AUTHORIZED;
    }
  }
}

const app = useAppServer();

/** Client-side navigation (as a click on a link would do), then wait for the router to settle. */
async function visit(page: Page, path: string, want: string): Promise<{ at: string; screen: string | null }> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  try {
    await page.waitForFunction(
      ([w, screen]) => {
        const here = window.location.pathname.replace(/\/$/, '') || '/';
        return here === w && document.querySelector(`[data-testid="${screen}"]`) !== null;
      },
      [want, screenAt(want)] as const,
      { timeout: 10_000, polling: 50 },
    );
  } catch {
    /* report what we got below */
  }
  return page.evaluate((screen) => {
    const found =
      document.querySelector(`[data-testid="${screen}"]`) ?? document.querySelector('[data-testid^="screen-"]');
    return {
      at: window.location.pathname.replace(/\/$/, '') || '/',
      screen: found?.getAttribute('data-testid') ?? null,
    };
  }, screenAt(want));
}

describe.each<Who>(['logged-out', 'admin', 'client', 'trainer'])('every spec path, %s', (who) => {
  it('lands on the screen or redirect the spec gives', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    try {
      if (who === 'logged-out') await page.goto('/error-404');
      else await storeSession(page, app.server.url, `${who}@demo.fit`);
      await page.goto('/error-404');
      await page.getByTestId('screen-error-404').waitFor();
      const failures: string[] = [];
      for (const sp of ALL) {
        const want = expected(who, sp);
        const got = await visit(page, sp.path, want);
        if (got.at !== want) failures.push(`${sp.path}: expected ${want}, got ${got.at}`);
        else if (got.screen !== screenAt(want))
          failures.push(`${sp.path}: expected ${screenAt(want)}, got ${got.screen}`);
        // Product screens show a bilingual title: English (Traditional Chinese).
        if (sp.kind === 'product' && want === norm(sp.path)) {
          const title = await page
            .getByTestId('page-title')
            .first()
            .textContent({ timeout: 5000 })
            .catch(() => null);
          if (!title || !/\(.*[\u4e00-\u9fff].*\)/.test(title))
            failures.push(`${sp.path}: title not bilingual: ${title}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

it('the root path goes to the class list', async () => {
  const { context, page } = await newPage(app.browser, app.server.url);
  await storeSession(page, app.server.url, 'admin@demo.fit');
  await page.goto('/');
  await page.waitForURL(/\/class-list$/);
  await context.close();
});
