import { describe, expect, it } from 'vitest';
import { abilityRulesFor, buildAbility, GYM_ROLES, homeForRole, PERMISSION_MAP, RESOURCES, ROLES } from './acl.ts';

describe('roles and permissions', () => {
  it('admin and developer manage everything', () => {
    for (const role of ['admin', 'developer'] as const) {
      const ability = buildAbility(abilityRulesFor(role));
      for (const r of RESOURCES) expect(ability.can('delete', r)).toBe(true);
    }
  });

  it('client reads ACL and Auth only', () => {
    const ability = buildAbility(abilityRulesFor('client'));
    expect(ability.can('read', 'ACL')).toBe(true);
    expect(ability.can('read', 'Auth')).toBe(true);
    for (const r of RESOURCES) expect(ability.can('read', r)).toBe(false);
  });

  it('every gym role decides every resource and may open the staff app', () => {
    for (const role of GYM_ROLES) {
      expect(Object.keys(PERMISSION_MAP[role]).sort()).toEqual([...RESOURCES].sort());
      expect(buildAbility(abilityRulesFor(role)).can('read', 'ACL')).toBe(true);
    }
  });

  it('keeps the obvious boundaries of a gym', () => {
    const trainer = buildAbility(abilityRulesFor('trainer'));
    expect(trainer.can('read', 'Setting')).toBe(false);
    expect(trainer.can('read', 'Sale')).toBe(false);
    expect(trainer.can('update', 'PersonalTraining')).toBe(true);
    const frontdesk = buildAbility(abilityRulesFor('frontdesk'));
    expect(frontdesk.can('create', 'Entry')).toBe(true);
    expect(frontdesk.can('read', 'Report')).toBe(false);
    expect(frontdesk.can('delete', 'Member')).toBe(false);
    const accountant = buildAbility(abilityRulesFor('accountant'));
    expect(accountant.can('read', 'Report')).toBe(true);
    expect(accountant.can('update', 'Member')).toBe(false);
    const manager = buildAbility(abilityRulesFor('manager'));
    expect(manager.can('update', 'Setting')).toBe(false);
    expect(manager.can('read', 'Setting')).toBe(true);
  });

  it('no stored abilities means read Auth only', () => {
    for (const rules of [undefined, null, []]) {
      const ability = buildAbility(rules);
      expect(ability.can('read', 'Auth')).toBe(true);
      expect(ability.can('read', 'ACL')).toBe(false);
    }
  });

  it('sends each role home as the spec says', () => {
    expect(homeForRole('admin')).toBe('/');
    expect(homeForRole('developer')).toBe('/');
    expect(homeForRole('client')).toBe('/access-control');
    expect(homeForRole('nobody')).toBe('/login');
    expect(homeForRole(undefined)).toBe('/login');
    for (const r of GYM_ROLES) expect(homeForRole(r)).toBe('/');
    expect(ROLES).toHaveLength(7);
  });
});
