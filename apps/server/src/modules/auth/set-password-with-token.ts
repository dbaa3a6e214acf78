import { and, eq, isNull } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { PublicContext } from '../../lib/use-case.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Sets a new password with a reset or invitation token (by its hash): single use, expiring; every
 * open session is signed out and every other outstanding link of the account stops working.
 * Answers the account changed.
 */
export async function setPasswordWithToken(
  ctx: PublicContext,
  input: { tokenHash: string; passwordHash: string },
): Promise<{ id: string; email: string } | undefined> {
  const [row] = await ctx.db.lock(passwordResetTokens, eq(passwordResetTokens.tokenHash, input.tokenHash));
  const what = row?.purpose === 'invite' ? 'invitation link' : 'reset link';
  if (!row || row.usedAt) throw new AppError(400, 'token_invalid', `This ${what} is not valid or was already used`);
  const now = ctx.clock.now();
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError(410, 'token_expired', `This ${what} has expired`);
  await ctx.db.update(
    passwordResetTokens,
    { usedAt: now },
    and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt))!,
  );
  const [user] = await ctx.db
    .update(users)
    .set({ passwordHash: input.passwordHash, updatedAt: now })
    .where(eq(users.id, row.userId))
    .returning({ id: users.id, email: users.email });
  await revokeUserSessions(ctx, { userId: row.userId });
  return user;
}
