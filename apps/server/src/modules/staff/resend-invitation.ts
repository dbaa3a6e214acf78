import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { enqueueInvitation } from './invitation.ts';
import { findStaff } from './queries.ts';
import { assertMayManage, deactivated } from './rules.ts';

/** Sends the invitation again (a new link; older ones stop working), only while no password was chosen. */
export async function resendInvitation(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const target = await findStaff(ctx.db, { id: input.id, lock: true });
  assertMayManage(ctx.auth, target);
  if (!target.active) throw deactivated();
  if (!target.invited) throw new AppError(422, 'business_rule', 'This staff member has already chosen a password');
  await enqueueInvitation(ctx, target);
}
