import type { SessionList } from '@gym/contract/sessions';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema/index.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { deviceName } from './device-name.ts';

/**
 * The signed-in user's sessions still open: one per sign-in (a refresh-token family), with the
 * device and address of its last refresh and when that was (a browser in use refreshes at least
 * once per access token's life). The one this request was made with first, then the latest used.
 */
export async function listSessions(ctx: QueryContext, _input: Record<string, never>): Promise<SessionList> {
  const rows = await ctx.db
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, ctx.auth.userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.rotatedAt),
        gt(refreshTokens.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt));
  const seen = new Set<string>();
  const items = rows
    .filter((row) => !seen.has(row.familyId) && seen.add(row.familyId))
    .map((row) => ({
      id: row.familyId,
      current: row.familyId === ctx.auth.familyId,
      device: deviceName(row.userAgent),
      address: row.ip,
      lastUsedAt: row.createdAt.toISOString(),
    }));
  return { items: [...items.filter((s) => s.current), ...items.filter((s) => !s.current)] };
}
