import { describe, expect, it } from 'vitest';
import { PATHS } from './guards';
import { maintenanceRedirect } from './maintenance';

const staff = { pathname: '/student-list', loggedIn: true, role: 'frontdesk', onPublicPage: false };

describe('maintenanceRedirect', () => {
  it('sends held staff to the under-maintenance page when maintenance starts', () => {
    expect(maintenanceRedirect(true, staff)).toBe(PATHS.underMaintenance);
    expect(maintenanceRedirect(true, { ...staff, role: 'manager' })).toBe(PATHS.underMaintenance);
  });

  it('leaves admins, developers, signed-out visitors and public pages alone', () => {
    expect(maintenanceRedirect(true, { ...staff, role: 'admin' })).toBeNull();
    expect(maintenanceRedirect(true, { ...staff, role: 'developer' })).toBeNull();
    expect(maintenanceRedirect(true, { ...staff, loggedIn: false })).toBeNull();
    expect(maintenanceRedirect(true, { ...staff, pathname: '/register/DF/CWB/', onPublicPage: true })).toBeNull();
  });

  it('does not move someone already on the under-maintenance page while it lasts', () => {
    expect(
      maintenanceRedirect(true, { ...staff, pathname: `${PATHS.underMaintenance}/`, onPublicPage: true }),
    ).toBeNull();
  });

  it('takes them home when maintenance ends, and only from that page', () => {
    expect(maintenanceRedirect(false, { ...staff, pathname: PATHS.underMaintenance, onPublicPage: true })).toBe(
      PATHS.home,
    );
    expect(maintenanceRedirect(false, staff)).toBeNull();
  });
});
