import { enqueuePasswordResetMail } from '../auth/index.ts';
import type { StaffContext } from './command.ts';
import { enqueueInvitation } from './invitation.ts';
import { findStaff } from './queries.ts';
import { assertMayManage, deactivated } from './rules.ts';

/**
 * Sends a password reset link to a colleague who forgot theirs. Someone who never chose a
 * password gets the invitation again instead: that is the link they are missing.
 */
export async function sendPasswordReset(ctx: StaffContext, input: { id: string }): Promise<void> {
  const { auth, tx, deps } = ctx;
  const target = await findStaff(tx, auth, input.id, true);
  assertMayManage(auth, target);
  if (!target.active) throw deactivated();
  ctx.mailAfterCommit(
    target.invited ? await enqueueInvitation(deps, tx, target) : await enqueuePasswordResetMail(deps, tx, target),
  );
}
