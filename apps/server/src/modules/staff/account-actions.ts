import type { Staff } from '@gym/contract/staff';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { scoped } from '../../lib/scope.ts';
import { enqueuePasswordResetMail, revokeUserSessions } from '../auth/index.ts';
import { enqueueInvitation } from './invitation.ts';
import { assertAnotherActiveAdmin, staffCommand } from './manage-staff.ts';
import { findStaff, getStaff } from './queries.ts';
import { assertMayManage, assertNotSelf } from './rules.ts';

const deactivated = () => new AppError(422, 'business_rule', 'This account is deactivated; activate it first');

/** Sends the invitation again (a new link; older ones stop working), only while no password was chosen. */
export async function resendInvitation(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const mailId = await staffCommand(deps, async (tx) => {
    const target = await findStaff(tx, auth, id, true);
    assertMayManage(auth, target);
    if (!target.active) throw deactivated();
    if (!target.invited) throw new AppError(422, 'business_rule', 'This staff member has already chosen a password');
    return enqueueInvitation(deps, tx, target);
  });
  await deps.mailer.flush(mailId);
}

/**
 * Sends a password reset link to a colleague who forgot theirs. Someone who never chose a
 * password gets the invitation again instead: that is the link they are missing.
 */
export async function sendPasswordReset(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const mailId = await staffCommand(deps, async (tx) => {
    const target = await findStaff(tx, auth, id, true);
    assertMayManage(auth, target);
    if (!target.active) throw deactivated();
    return target.invited ? enqueueInvitation(deps, tx, target) : enqueuePasswordResetMail(deps, tx, target);
  });
  await deps.mailer.flush(mailId);
}

/**
 * Deactivating signs the person out everywhere at once (every refresh token revoked; access
 * tokens are checked against the account on each request) and kills their pending links.
 * Nobody deactivates themselves, and the organisation keeps an active administrator.
 */
export async function setStaffActive(deps: AppDeps, auth: AuthContext, id: string, active: boolean): Promise<Staff> {
  return staffCommand(deps, async (tx) => {
    const target = await findStaff(tx, auth, id, true);
    assertMayManage(auth, target);
    if (target.active === active) return getStaff(tx, auth, id);
    if (!active) {
      assertNotSelf(auth, id, 'active', 'You cannot deactivate your own account');
      if (target.role === 'admin') await assertAnotherActiveAdmin(tx, auth, id);
      const now = new Date();
      await revokeUserSessions(deps, tx, id, { now });
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, id), isNull(passwordResetTokens.usedAt)));
    }
    await tx
      .update(users)
      .set({ active, updatedAt: new Date() })
      .where(scoped(auth, { organisationId: users.organisationId }, eq(users.id, id)));
    await audit(tx, auth, null, {
      action: active ? 'staff.activated' : 'staff.deactivated',
      entityType: 'staff',
      entityId: id,
      summary: `${target.fullName} ${active ? 'activated' : 'deactivated'}`,
      before: { active: target.active },
      after: { active },
    });
    await deps.sessions.changed(tx, { users: [id] });
    return getStaff(tx, auth, id);
  });
}
