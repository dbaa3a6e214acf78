import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@gym/contract/auth';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { refreshTokens, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type TenantDb, tenantDb } from '../../lib/tenant-db.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { CommandContext } from '../../lib/use-case.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

const invalidToken = () => new AppError(401, 'token_invalid', 'Invalid refresh token');

/** How long a rotated refresh token, presented again by the client that rotated it, answers the same pair. */
export const REFRESH_RETRY_GRACE_SECONDS = 10;

/** The refresh token that follows `presented` when it is rotated: the same each time it is computed. */
const successorOf = (deps: AppDeps, presented: string) => deps.jwt.derive('refresh-token-successor', presented);

const clientOf = (meta: ClientMeta) => ({
  ip: meta.ip?.slice(0, 64) ?? null,
  userAgent: meta.userAgent?.slice(0, 300) ?? null,
});

/** The user's organisation's database, for a sign-in or refresh (no caller yet: every centre). */
export const organisationDb = (db: Parameters<typeof tenantDb>[0], organisationId: string) =>
  tenantDb(db, { organisationId, centerIds: null });

async function issue(
  deps: AppDeps,
  db: TenantDb,
  {
    user,
    familyId,
    meta,
    refreshToken = newOpaqueToken(),
  }: {
    user: { id: string; organisationId: string };
    familyId: string;
    meta: ClientMeta;
    refreshToken?: string;
  },
): Promise<TokenPair> {
  const ttlMs = deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
  // The access token is issued (and later checked) on the token library's clock; its issue time, in
  // whole seconds, is kept as the refresh token's creation and read back for a retried refresh.
  const accessToken = await deps.jwt.sign({ sub: user.id, org: user.organisationId, fam: familyId });
  const issuedAt = decodeJwt(accessToken).iat!;
  await db.insert(refreshTokens, {
    familyId,
    userId: user.id,
    tokenHash: hashToken(refreshToken),
    createdAt: new Date(issuedAt * 1000),
    expiresAt: new Date(deps.clock.now().getTime() + ttlMs),
    ...clientOf(meta),
  });
  return { accessToken, refreshToken };
}

/** A new sign-in: a new token family. */
export function startSession(
  deps: AppDeps,
  db: TenantDb,
  { user, meta }: { user: { id: string; organisationId: string }; meta: ClientMeta },
): Promise<TokenPair> {
  return issue(deps, db, { user, familyId: randomUUID(), meta });
}

/** Ends one sign-in: its refresh tokens are revoked, and every server forgets it (its sockets close). */
export async function revokeFamily(deps: AppDeps, familyId: string): Promise<void> {
  const { db } = deps.database;
  await db
    .update(refreshTokens)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await deps.sessions.changed(db, { families: [familyId] });
}

/**
 * Ends every sign-in of a user (password reset, deactivation), or every one but `except` (a
 * password change keeps the session that made it), in the command's transaction; every server
 * forgets them once it commits. Answers the families revoked.
 */
export async function revokeUserSessions(
  ctx: Pick<CommandContext<Scope>, 'db' | 'clock' | 'sessionsChanged'>,
  { userId, except }: { userId: string; except?: string },
): Promise<string[]> {
  const rows = await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        except ? ne(refreshTokens.familyId, except) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  const families = [...new Set(rows.map((r) => r.familyId))];
  if (families.length > 0) await ctx.sessionsChanged({ families });
  return families;
}

type RefreshOutcome = { ok: true; tokens: TokenPair } | { ok: false; revokeFamily?: string };

/**
 * Rotates a refresh token. Presenting a token that was already rotated means it leaked (or two
 * tabs raced): the whole family is revoked, as OAuth 2.1 asks. One exception, the grace that
 * rotation schemes allow (Auth0's "reuse interval"): the same client (address and browser) presenting
 * it again within REFRESH_RETRY_GRACE_SECONDS of its rotation, while the pair it was given is still
 * unused, is answered that pair again, so a refresh retried after a lost answer, or sent twice at
 * once, does not sign the user out. The successor refresh token is derived from the presented one
 * and the access token's issue time is kept, so the pair can be given again without being stored.
 * The revocation is committed even though the request fails, so the caller commits it outside the
 * failed transaction.
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
    if (token.rotatedAt) {
      const again = await sameAnswer(deps, organisationDb(tx, token.organisationId), { token, presented, meta });
      return again ? { ok: true, tokens: again } : { ok: false, revokeFamily: token.familyId };
    }
    if (token.expiresAt.getTime() <= deps.clock.now().getTime() || !row.userActive)
      return { ok: false, revokeFamily: token.familyId };
    const db = organisationDb(tx, token.organisationId);
    await db.update(refreshTokens, { rotatedAt: deps.clock.now() }, eq(refreshTokens.id, token.id));
    const tokens = await issue(deps, db, {
      user: { id: token.userId, organisationId: token.organisationId },
      familyId: token.familyId,
      meta,
      refreshToken: successorOf(deps, presented),
    });
    return { ok: true, tokens };
  });
  if (outcome.ok) return outcome.tokens;
  if (outcome.revokeFamily) await revokeFamily(deps, outcome.revokeFamily);
  throw invalidToken();
}

/** The pair a rotated token was answered, when the grace allows giving it again; null otherwise. */
async function sameAnswer(
  deps: AppDeps,
  db: TenantDb,
  { token, presented, meta }: { token: typeof refreshTokens.$inferSelect; presented: string; meta: ClientMeta },
): Promise<TokenPair | null> {
  if (!token.rotatedAt || deps.clock.now().getTime() - token.rotatedAt.getTime() > REFRESH_RETRY_GRACE_SECONDS * 1000)
    return null;
  const refreshToken = successorOf(deps, presented);
  const next = await db.first(refreshTokens, eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  const client = clientOf(meta);
  if (
    !next ||
    next.familyId !== token.familyId ||
    next.rotatedAt ||
    next.revokedAt ||
    next.ip !== client.ip ||
    next.userAgent !== client.userAgent
  ) {
    return null;
  }
  const issuedAt = Math.floor(next.createdAt.getTime() / 1000);
  const accessToken = await deps.jwt.sign({ sub: next.userId, org: next.organisationId, fam: next.familyId }, issuedAt);
  return { accessToken, refreshToken };
}

/** Logout: the family of the presented token is revoked (every token of this sign-in). */
export async function logout(deps: AppDeps, presented: string): Promise<void> {
  const { db } = deps.database;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (row) await revokeFamily(deps, row.familyId);
}
