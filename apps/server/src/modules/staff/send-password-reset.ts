import type { UseCaseContext } from '../../lib/use-case.ts';
import { enqueuePasswordResetMail } from '../auth/index.ts';
import { enqueueInvitation } from './invitation.ts';
import { findStaff } from './queries.ts';
import { assertMayManage, deactivated } from './rules.ts';

/**
 * Sends a password reset link to a colleague who forgot theirs. Someone who never chose a
 * password gets the invitation again instead: that is the link they are missing.
 */
export async function sendPasswordReset(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const target = await findStaff(ctx.db, { id: input.id, lock: true });
  assertMayManage(ctx.auth, target);
  if (!target.active) throw deactivated();
  if (target.invited) await enqueueInvitation(ctx, target);
  else await enqueuePasswordResetMail(ctx, target);
}
