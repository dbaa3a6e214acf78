import { ROLES, type Role } from '@gym/contract/acl';
import { ASSIGNABLE_ROLES } from '@gym/contract/staff';

type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Only an administrator (or developer) may make someone an administrator. */
export function rolesGivenBy(role: string | null | undefined): readonly AssignableRole[] {
  return role === 'admin' || role === 'developer' ? ASSIGNABLE_ROLES : ASSIGNABLE_ROLES.filter((r) => r !== 'admin');
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export const STATUS_COLORS = { invited: 'processing', active: 'success', deactivated: 'default' } as const;
