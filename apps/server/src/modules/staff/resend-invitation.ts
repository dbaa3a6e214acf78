import { AppError } from '../../lib/errors.ts';
import type { StaffContext } from './command.ts';
import { enqueueInvitation } from './invitation.ts';
import { findStaff } from './queries.ts';
import { assertMayManage, deactivated } from './rules.ts';

/** Sends the invitation again (a new link; older ones stop working), only while no password was chosen. */
export async function resendInvitation(ctx: StaffContext, input: { id: string }): Promise<void> {
  const target = await findStaff(ctx.tx, ctx.auth, input.id, true);
  assertMayManage(ctx.auth, target);
  if (!target.active) throw deactivated();
  if (!target.invited) throw new AppError(422, 'business_rule', 'This staff member has already chosen a password');
  ctx.mailAfterCommit(await enqueueInvitation(ctx.deps, ctx.tx, target));
}
