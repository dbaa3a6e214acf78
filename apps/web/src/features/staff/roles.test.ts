import { describe, expect, it } from 'vitest';
import { mayManage, rolesGivenBy } from './roles';

describe('rolesGivenBy', () => {
  it('lets only administrators and developers give the administrator role', () => {
    expect(rolesGivenBy('admin')).toContain('admin');
    expect(rolesGivenBy('developer')).toContain('admin');
    expect(rolesGivenBy('manager')).not.toContain('admin');
    expect(rolesGivenBy('manager')).toEqual(['manager', 'frontdesk', 'trainer', 'accountant']);
  });
});

describe('mayManage', () => {
  const frontdesk = { role: 'frontdesk', allCenters: false, centerIds: ['a'] };
  it('keeps administrators for administrators', () => {
    expect(mayManage({ role: 'manager', centerIds: null }, { ...frontdesk, role: 'admin' })).toBe(false);
    expect(mayManage({ role: 'admin', centerIds: null }, { ...frontdesk, role: 'admin' })).toBe(true);
  });

  it('lets a manager limited to some centres manage only colleagues of those centres', () => {
    const manager = { role: 'manager', centerIds: ['a', 'b'] };
    expect(mayManage(manager, frontdesk)).toBe(true);
    expect(mayManage(manager, { ...frontdesk, centerIds: ['a', 'c'] })).toBe(false);
    expect(mayManage(manager, { ...frontdesk, allCenters: true, centerIds: [] })).toBe(false);
  });

  it('refuses without a signed-in user', () => {
    expect(mayManage(null, frontdesk)).toBe(false);
  });
});
