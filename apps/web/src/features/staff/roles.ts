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

export const STATUS_TONES = { invited: 'info', active: 'success', deactivated: 'neutral' } as const;

const isElevated = (role: string | null | undefined) => role === 'admin' || role === 'developer';

/**
 * Whether this user may change that staff member's account (the server's rule, so the screen does
 * not offer what would be refused): an administrator's account only by an administrator; a user
 * limited to some centres only colleagues who work in none but those centres.
 */
export function mayManage(
  user: { role: string; centerIds: string[] | null } | null,
  target: { role: string; allCenters: boolean; centerIds: string[] },
): boolean {
  if (!user) return false;
  if (isElevated(target.role) && !isElevated(user.role)) return false;
  const mine = user.centerIds;
  if (mine !== null && (target.allCenters || target.centerIds.some((id) => !mine.includes(id)))) return false;
  return true;
}
