import { abilityRulesFor, buildAbility } from '@gym/contract/acl';
import { describe, expect, it } from 'vitest';
import { afterLoginPath, decideAccess, type GuardContext, PATHS, safeReturnPath } from './guards';
import type { RouteMeta } from './routeMeta';
import { PAGE_ROUTES } from './routes';

const meta = (path: string): RouteMeta => {
  const route = PAGE_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route.meta;
};

function context(role: Parameters<typeof abilityRulesFor>[0] | null, wanted = '/student-list'): GuardContext {
  return {
    loggedIn: role !== null,
    role,
    ability: buildAbility(role ? abilityRulesFor(role) : null),
    wanted,
    maintenance: false,
  };
}

describe('route guards', () => {
  it('sends a logged-out visitor of a product page to the login page, keeping the wanted path', () => {
    expect(decideAccess(meta('/student-list'), context(null, '/student-list?page=2'))).toEqual({
      allow: false,
      redirectTo: '/login?redirect=%2Fstudent-list%3Fpage%3D2',
    });
  });

  it('lets anyone see sign-in, public and error pages', () => {
    for (const path of ['/login', '/register-v1', '/forgot-password', '/reset-password-v1', '/error-404']) {
      expect(decideAccess(meta(path), context(null))).toEqual({ allow: true });
    }
    expect(decideAccess(meta('/pay_link/:paylink_token'), context(null))).toEqual({ allow: true });
    expect(decideAccess(meta('/pages/miscellaneous/not-authorized'), context('client'))).toEqual({ allow: true });
  });

  it('sends a signed-in user away from redirect-if-logged-in pages to their home', () => {
    expect(decideAccess(meta('/login'), context('admin'))).toEqual({ allow: false, redirectTo: '/' });
    expect(decideAccess(meta('/register-v2'), context('client'))).toEqual({
      allow: false,
      redirectTo: '/access-control',
    });
    expect(decideAccess(meta('/forgot-password-v1'), context('frontdesk'))).toEqual({ allow: false, redirectTo: '/' });
    // Reset links work whoever is signed in on this browser.
    expect(decideAccess(meta('/reset-password-v1'), context('admin'))).toEqual({ allow: true });
  });

  it('needs read on ACL and the route resource; otherwise not-authorized', () => {
    expect(decideAccess(meta('/student-list'), context('frontdesk'))).toEqual({ allow: true });
    expect(decideAccess(meta('/report-entry'), context('frontdesk'))).toEqual({
      allow: false,
      redirectTo: PATHS.notAuthorized,
    });
    expect(decideAccess(meta('/report-entry'), context('accountant'))).toEqual({ allow: true });
    expect(decideAccess(meta('/outbox'), context('manager'))).toEqual({
      allow: false,
      redirectTo: PATHS.notAuthorized,
    });
    expect(decideAccess(meta('/outbox'), context('developer'))).toEqual({ allow: true });
    expect(decideAccess(meta('/class-import'), context('trainer'))).toEqual({
      allow: false,
      redirectTo: PATHS.notAuthorized,
    });
    // The client role reads ACL and Auth only: its home and its own account, nothing else.
    expect(decideAccess(meta('/access-control'), context('client'))).toEqual({ allow: true });
    expect(decideAccess(meta('/pages/account-setting'), context('client'))).toEqual({ allow: true });
    expect(decideAccess(meta('/class-list'), context('client'))).toEqual({
      allow: false,
      redirectTo: PATHS.notAuthorized,
    });
  });

  it('treats a signed-in user without stored abilities as read Auth only', () => {
    const ctx: GuardContext = { ...context('manager'), ability: buildAbility([]) };
    expect(decideAccess(meta('/class-list'), ctx)).toEqual({ allow: false, redirectTo: PATHS.notAuthorized });
    expect(decideAccess(meta('/reset-password-v2'), ctx)).toEqual({ allow: true });
  });

  it('sends non-admins to the maintenance page while maintenance is on', () => {
    const on = (role: 'frontdesk' | 'admin'): GuardContext => ({ ...context(role), maintenance: true });
    expect(decideAccess(meta('/student-list'), on('frontdesk'))).toEqual({
      allow: false,
      redirectTo: PATHS.underMaintenance,
    });
    expect(decideAccess(meta('/student-list'), on('admin'))).toEqual({ allow: true });
  });

  it('only returns to same-origin app paths after sign-in', () => {
    expect(safeReturnPath('/student-list?page=2')).toBe('/student-list?page=2');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('/login?redirect=/x')).toBeNull();
    expect(afterLoginPath('client', null)).toBe('/access-control');
    expect(afterLoginPath('admin', '/outbox')).toBe('/outbox');
  });
});
