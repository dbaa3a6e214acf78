import { and, eq, isNull } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/**
 * Ends one of the signed-in user's own sessions (a phone left signed in, a shared desk): its refresh
 * tokens are revoked and every server forgets it once this commits, so its access token and its
 * sockets stop at once. Ending the current one signs this browser out. Another user's session, or
 * one already ended, is not found.
 */
export async function endSession(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const ended = await ctx.db.update(
    refreshTokens,
    { revokedAt: ctx.clock.now() },
    and(
      eq(refreshTokens.familyId, input.id),
      eq(refreshTokens.userId, ctx.auth.userId),
      isNull(refreshTokens.revokedAt),
    )!,
  );
  if (ended.length === 0) throw notFound('session');
  await ctx.sessionsChanged({ families: [input.id] });
}
