import type { Role } from '@gym/contract/acl';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { centers, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

const ELEVATED: readonly string[] = ['admin', 'developer'];
export const isElevated = (role: string) => ELEVATED.includes(role);

const field = (path: string, code: string, message: string) => [{ path, code, message }];

/**
 * Who may change whose account: an administrator's account only by an administrator (or a
 * developer); a staff member limited to some centres only colleagues whose every centre is one
 * of their own, so a branch manager cannot touch someone who also works elsewhere.
 */
export function assertMayManage(auth: AuthContext, target: { role: string; allCenters: boolean; centerIds: string[] }) {
  if (isElevated(target.role) && !isElevated(auth.role)) {
    throw new AppError(403, 'not_allowed_role', "Only an administrator may change an administrator's account");
  }
  if (auth.centerIds !== null) {
    const mine = auth.centerIds;
    if (target.allCenters || target.centerIds.some((id) => !mine.includes(id))) {
      throw new AppError(403, 'forbidden', 'This staff member also works in centres you do not manage');
    }
  }
}

/** Only an administrator (or a developer) makes someone an administrator. */
export function assertMayGiveRole(auth: AuthContext, role: Role) {
  if (isElevated(role) && !isElevated(auth.role)) {
    const message = 'Only an administrator may give this role';
    throw new AppError(403, 'not_allowed_role', message, field('role', 'not_allowed_role', message));
  }
}

/**
 * The centres given to a staff member must be centres the caller works in; a caller limited to
 * some centres cannot hand out "every centre". Answers the distinct ids to store.
 */
export async function assertMayGiveCenters(
  ctx: Pick<UseCaseContext, 'auth' | 'db'>,
  { allCenters, centerIds }: { allCenters: boolean; centerIds: readonly string[] },
): Promise<string[]> {
  const { auth } = ctx;
  if (allCenters) {
    if (auth.centerIds !== null) {
      const message = 'Only staff who work in every centre may give access to every centre';
      throw new AppError(403, 'forbidden', message, field('allCenters', 'forbidden', message));
    }
    return [];
  }
  const wanted = [...new Set(centerIds)];
  if (wanted.length === 0) {
    throw new AppError(
      400,
      'validation_failed',
      'Choose at least one centre',
      field('centerIds', 'centers_required', 'Choose at least one centre'),
    );
  }
  const found = await ctx.db.rows(centers, inArray(centers.id, wanted));
  if (found.length !== wanted.length) {
    throw new AppError(404, 'not_found', 'centre not found', field('centerIds', 'not_found', 'centre not found'));
  }
  return wanted;
}

export function assertNotSelf(auth: AuthContext, targetId: string, path: string, message: string) {
  if (auth.userId === targetId)
    throw new AppError(422, 'business_rule', message, field(path, 'business_rule', message));
}

export const deactivated = () => new AppError(422, 'business_rule', 'This account is deactivated; activate it first');

/** The organisation keeps one active administrator, whoever else is deactivated or demoted. */
export async function assertAnotherActiveAdmin(ctx: Pick<UseCaseContext, 'db'>, targetId: string) {
  const others = await ctx.db.count(
    users,
    and(eq(users.role, 'admin'), eq(users.active, true), ne(users.id, targetId)),
  );
  if (others === 0) {
    throw new AppError(422, 'business_rule', 'The organisation must keep an active administrator');
  }
}
