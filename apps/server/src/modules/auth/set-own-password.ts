import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { revokeUserSessions } from './sessions.ts';

/** Writes the new password's hash and signs out every other session of the account. */
export async function setOwnPassword(ctx: UseCaseContext, input: { passwordHash: string }): Promise<void> {
  const [user] = await ctx.db.update(
    users,
    { passwordHash: input.passwordHash, updatedAt: ctx.clock.now() },
    eq(users.id, ctx.auth.userId),
  );
  if (!user) throw new AppError(404, 'not_found', 'Account not found');
  await revokeUserSessions(ctx, { userId: user.id, except: ctx.auth.familyId });
}
