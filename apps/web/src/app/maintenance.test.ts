import { describe, expect, it } from 'vitest';
import { PATHS } from '../shared/routing/guards';
import { maintenanceMove } from './maintenance';

const staff = { pathname: '/student-list', loggedIn: true, role: 'frontdesk' };

describe('maintenanceMove', () => {
  it('has the guard look again at the page of held staff when maintenance starts', () => {
    expect(maintenanceMove(true, staff)).toBe('recheck');
    expect(maintenanceMove(true, { ...staff, role: 'manager' })).toBe('recheck');
  });

  it('leaves admins, developers and signed-out visitors alone', () => {
    expect(maintenanceMove(true, { ...staff, role: 'admin' })).toBeNull();
    expect(maintenanceMove(true, { ...staff, role: 'developer' })).toBeNull();
    expect(maintenanceMove(true, { ...staff, loggedIn: false })).toBeNull();
    expect(maintenanceMove(false, { ...staff, loggedIn: false, pathname: PATHS.underMaintenance })).toBeNull();
  });

  it('does not move someone already on the under-maintenance page while it lasts', () => {
    expect(maintenanceMove(true, { ...staff, pathname: `${PATHS.underMaintenance}/` })).toBeNull();
  });

  it('takes them home when maintenance ends, and only from that page', () => {
    expect(maintenanceMove(false, { ...staff, pathname: PATHS.underMaintenance })).toBe('home');
    expect(maintenanceMove(false, staff)).toBeNull();
  });
});
