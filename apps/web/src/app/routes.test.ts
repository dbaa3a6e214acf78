import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  isRedirect,
  PAGE_ROUTES,
  REPORT_CODES,
  REPORTS,
  ROUTE_TABLE,
  SPEC_PATHS,
  samplePath,
  TEMPLATE_DEMO_PATHS,
} from '../shared/routing/routes';
import { MENU_GROUPS } from './menu';

const routeObjects = ROUTE_TABLE.map((r) => ({ path: r.path, id: r.path }));
const match = (path: string) => {
  const found = matchRoutes(routeObjects, path);
  return found?.[found.length - 1];
};

describe('route table', () => {
  it('has unique paths', () => {
    const paths = ROUTE_TABLE.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('matches every spec path, trailing slash or not', () => {
    for (const path of SPEC_PATHS) {
      expect(match(path), path).toBeDefined();
      expect(match(path.replace(/\/$/, '') || '/'), path).toBeDefined();
    }
  });

  it('contains the paths the spec names, misspellings kept', () => {
    for (const path of [
      '/report-transacion',
      '/report/center-Sales.vue',
      '/news-list',
      '/coupon-list',
      '/center-list',
      '/product-list',
      '/apps/student/edit/1',
      '/apps/member/1/invoice/add/',
      '/register/DF/CWB/',
      '/card_link/1/sample-token/',
      '/pages/authentication/login-v1',
      '/login2',
      '/register-old',
      '/forgot-password-v2',
      '/reset-password-v2',
      '/outbox',
    ]) {
      expect(SPEC_PATHS, path).toContain(path);
    }
  });

  it('gives the corrected list routes their own titles', () => {
    const title = (path: string) => PAGE_ROUTES.find((r) => r.path === path)?.meta.titleKey;
    const keys = ['/news-list', '/coupon-list', '/center-list', '/product-list', '/student-list'].map(title);
    expect(new Set(keys).size).toBe(keys.length);
    expect(title('/student-list')).toBe('memberList');
  });

  it('leaves template demo routes out (they fall to error-404)', () => {
    for (const path of TEMPLATE_DEMO_PATHS) expect(match(path), path).toBeUndefined();
  });

  it('resolves /report/{code} for known codes only', () => {
    const generic = PAGE_ROUTES.find((r) => r.path === '/report/:code');
    expect(generic?.resolve?.({ code: 'paymentMethod' })?.titleKey).toBe('reportPaymentMethod');
    expect(generic?.resolve?.({ code: 'user-commission' })?.resource).toBe('Commission');
    expect(generic?.resolve?.({ code: 'no-such-report' })).toBeNull();
    expect(REPORT_CODES).toHaveLength(REPORTS.length);
  });

  it('uses full layout for sign-in, public and error pages, and the staff layout for product screens', () => {
    for (const route of PAGE_ROUTES) {
      if (route.meta.resource === 'Auth') expect(route.meta.layout, route.path).toBe('full');
      if (route.meta.public) expect(route.meta.resource, route.path).toBe('Auth');
    }
    expect(PAGE_ROUTES.find((r) => r.path === '/class-list')?.meta.layout).toBe('vertical-or-horizontal');
  });

  it('redirects the root and the sign-in aliases', () => {
    const redirects = Object.fromEntries(ROUTE_TABLE.filter(isRedirect).map((r) => [r.path, r.redirectTo]));
    expect(redirects).toEqual({
      '/': '/class-list',
      '/login2': '/login',
      '/pages/authentication/login-v1': '/login',
    });
  });

  it('points every menu item at a page route', () => {
    for (const group of MENU_GROUPS) {
      for (const path of group.paths)
        expect(
          PAGE_ROUTES.some((r) => r.path === path),
          path,
        ).toBe(true);
    }
  });

  it('fills sample params', () => {
    expect(samplePath('/apps/student/edit/:id')).toBe('/apps/student/edit/1');
    expect(samplePath('/payment/:student_uuid/:date')).toMatch(/^\/payment\/[0-9a-f-]{36}\/\d{4}-\d{2}-\d{2}$/);
  });
});
