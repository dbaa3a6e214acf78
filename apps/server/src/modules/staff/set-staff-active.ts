import type { Staff } from '@gym/contract/staff';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { findStaff, getStaff } from './queries.ts';
import { assertAnotherActiveAdmin, assertMayManage, assertNotSelf } from './rules.ts';

/**
 * Deactivating signs the person out everywhere at once (every refresh token revoked; access
 * tokens are checked against the account on each request) and kills their pending links.
 * Nobody deactivates themselves, and the organisation keeps an active administrator.
 */
export async function setStaffActive(ctx: UseCaseContext, input: { id: string; active: boolean }): Promise<Staff> {
  const { auth } = ctx;
  const { id, active } = input;
  const target = await findStaff(ctx.db, { id, lock: true });
  assertMayManage(auth, target);
  if (target.active === active) return getStaff(ctx.db, id);
  const now = ctx.clock.now();
  if (!active) {
    assertNotSelf(auth, id, 'active', 'You cannot deactivate your own account');
    if (target.role === 'admin') await assertAnotherActiveAdmin(ctx, id);
    await revokeUserSessions(ctx, { userId: id });
    await ctx.db.update(
      passwordResetTokens,
      { usedAt: now },
      and(eq(passwordResetTokens.userId, id), isNull(passwordResetTokens.usedAt))!,
    );
  }
  await ctx.db.update(users, { active, updatedAt: now }, eq(users.id, id));
  await recordAudit(ctx, {
    action: active ? 'staff.activated' : 'staff.deactivated',
    entityType: 'staff',
    entityId: id,
    summary: `${target.fullName} ${active ? 'activated' : 'deactivated'}`,
    before: { active: target.active },
    after: { active },
  });
  await ctx.sessionsChanged({ users: [id] });
  return getStaff(ctx.db, id);
}
