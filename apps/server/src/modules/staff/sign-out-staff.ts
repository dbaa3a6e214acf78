import { audit } from '../../lib/audit.ts';
import { revokeUserSessions } from '../auth/index.ts';
import type { StaffContext } from './command.ts';
import { findStaff } from './queries.ts';
import { assertMayManage } from './rules.ts';

/**
 * Ends every session of a colleague (a lost phone, a shared password) without deactivating them:
 * their refresh tokens are revoked and every server drops their access at once; they sign in
 * again. Ending one's own is the account page's business (it keeps the current session).
 */
export async function signOutStaff(ctx: StaffContext, input: { id: string }): Promise<{ ended: number }> {
  const { auth, tx, deps } = ctx;
  const target = await findStaff(tx, auth, input.id, true);
  assertMayManage(auth, target);
  const families = await revokeUserSessions(deps, tx, target.id, { now: ctx.clock.now() });
  await audit(tx, auth, null, {
    action: 'staff.signed_out',
    entityType: 'staff',
    entityId: target.id,
    summary: `${target.fullName} signed out of ${families.length} session(s)`,
    after: { sessionsEnded: families.length },
  });
  return { ended: families.length };
}
