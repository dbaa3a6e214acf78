import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@gym/contract/auth';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

const invalidToken = () => new AppError(401, 'token_invalid', 'Invalid refresh token');

async function issue(
  deps: AppDeps,
  tx: DbOrTx,
  user: { id: string; organisationId: string },
  familyId: string,
  meta: ClientMeta,
): Promise<TokenPair> {
  const refreshToken = newOpaqueToken();
  const ttlMs = deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
  await tx.insert(refreshTokens).values({
    familyId,
    userId: user.id,
    organisationId: user.organisationId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + ttlMs),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 300),
  });
  const accessToken = await deps.jwt.sign({ sub: user.id, org: user.organisationId, fam: familyId });
  return { accessToken, refreshToken };
}

/** A new sign-in: a new token family. */
export function startSession(
  deps: AppDeps,
  tx: DbOrTx,
  user: { id: string; organisationId: string },
  meta: ClientMeta,
): Promise<TokenPair> {
  return issue(deps, tx, user, randomUUID(), meta);
}

/** Ends one sign-in: its refresh tokens are revoked, and every server forgets it (its sockets close) on commit. */
export async function revokeFamily(deps: AppDeps, tx: DbOrTx, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await deps.sessions.changed(tx, { families: [familyId] });
}

/**
 * Ends every sign-in of a user (password reset, deactivation), or every one but `except` (a
 * password change keeps the session that made it). Answers the families revoked.
 */
export async function revokeUserSessions(
  deps: Pick<AppDeps, 'sessions'>,
  tx: DbOrTx,
  userId: string,
  opts: { except?: string; now?: Date } = {},
): Promise<string[]> {
  const rows = await tx
    .update(refreshTokens)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        opts.except ? ne(refreshTokens.familyId, opts.except) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  const families = [...new Set(rows.map((r) => r.familyId))];
  if (families.length > 0) await deps.sessions.changed(tx, { families });
  return families;
}

type RefreshOutcome = { ok: true; tokens: TokenPair } | { ok: false; revokeFamily?: string };

/**
 * Rotates a refresh token. Presenting a token that was already rotated means it leaked (or two
 * tabs raced): the whole family is revoked, as OAuth 2.1 asks. The revocation is committed even
 * though the request fails, so the caller commits it outside the failed transaction.
 */
export async function rotateRefreshToken(deps: AppDeps, presented: string, meta: ClientMeta): Promise<TokenPair> {
  const { db } = deps.database;
  const outcome: RefreshOutcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, userActive: users.active })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update', { of: refreshTokens });
    if (!row) return { ok: false };
    const { token } = row;
    if (token.revokedAt) return { ok: false };
    if (token.rotatedAt) return { ok: false, revokeFamily: token.familyId };
    if (token.expiresAt.getTime() <= Date.now() || !row.userActive) return { ok: false, revokeFamily: token.familyId };
    await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, token.id));
    const tokens = await issue(
      deps,
      tx,
      { id: token.userId, organisationId: token.organisationId },
      token.familyId,
      meta,
    );
    return { ok: true, tokens };
  });
  if (outcome.ok) return outcome.tokens;
  if (outcome.revokeFamily) await revokeFamily(deps, db, outcome.revokeFamily);
  throw invalidToken();
}

/** Logout: the family of the presented token is revoked (every token of this sign-in). */
export async function logout(deps: AppDeps, presented: string): Promise<void> {
  const { db } = deps.database;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (row) await revokeFamily(deps, db, row.familyId);
}
