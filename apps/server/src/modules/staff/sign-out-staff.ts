import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { findStaff } from './queries.ts';
import { assertMayManage, assertNotSelf } from './rules.ts';

/**
 * Ends every session of a colleague (a lost phone, a shared password) without deactivating them:
 * their refresh tokens are revoked and every server drops their access at once; they sign in
 * again. Ending one's own is the account page's business (it keeps the current session).
 */
export async function signOutStaff(ctx: UseCaseContext, input: { id: string }): Promise<{ ended: number }> {
  const target = await findStaff(ctx.db, { id: input.id, lock: true });
  assertMayManage(ctx.auth, target);
  // One's own sessions are ended one by one on the account page, which keeps this one.
  assertNotSelf(ctx.auth, target.id, 'id', 'End your own sessions on your account page');
  const families = await revokeUserSessions(ctx, { userId: target.id });
  await recordAudit(ctx, {
    action: 'staff.signed_out',
    entityType: 'staff',
    entityId: target.id,
    summary: `${target.fullName} signed out of ${families.length} session(s)`,
    after: { sessionsEnded: families.length },
  });
  return { ended: families.length };
}
