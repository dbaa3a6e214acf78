import { type AppAbility, abilityRulesFor, buildAbility, type Role } from '@gym/contract/acl';
import { and, eq, sql } from 'drizzle-orm';
import { organisations, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { createAuthCache } from './auth-cache.ts';

/** What `authenticate` reads about a session, as the per-server cache keeps it. */
export interface SessionState {
  active: boolean;
  /** The token's session family was issued to this user (a refresh-token row exists) and none of it is revoked. */
  familyLive: boolean;
  role: Role;
  ability: AppAbility;
  centerIds: string[] | null;
  maintenanceMode: boolean;
  /** The user's language (a profile change drops the cached session, see `updateAccount`). */
  language: string | null;
}

export const createSessionCache = () => createAuthCache();
export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Resolves a bearer token to the caller. The user, their centres, the session family's liveness
 * (issued to this user, none of it revoked) and the organisation's maintenance switch come from
 * one query, kept per server in `deps.sessions`
 * until a change to any of them is announced (see auth-cache.ts): a deactivated account, a changed
 * role or a signed-out session stops working at once rather than when the access token expires.
 */
export async function authenticate(deps: AppDeps, header: string | undefined): Promise<AuthContext> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw new AppError(401, 'unauthenticated', 'Sign in required');
  const claims = await deps.jwt.verify(token);
  if (claims === 'expired') throw new AppError(401, 'token_expired', 'The access token has expired');
  if (!claims) throw new AppError(401, 'token_invalid', 'The access token is not valid');
  const state = await deps.sessions.get<SessionState>(
    { userId: claims.sub, familyId: claims.fam, organisationId: claims.org },
    () => readSession(deps, claims),
  );
  if (!state?.active || !state.familyLive) throw new AppError(401, 'token_invalid', 'The session has ended');
  return {
    userId: claims.sub,
    organisationId: claims.org,
    role: state.role,
    ability: state.ability,
    centerIds: state.centerIds,
    familyId: claims.fam,
    maintenanceMode: state.maintenanceMode,
    language: state.language,
  };
}

async function readSession(
  deps: AppDeps,
  claims: { sub: string; org: string; fam: string },
): Promise<SessionState | undefined> {
  const [user] = await deps.database.db
    .select({
      role: users.role,
      active: users.active,
      language: users.language,
      // null: every centre; otherwise the centres this staff member is limited to.
      centerIds: sql<
        string[] | null
      >`case when ${users.allCenters} then null else coalesce((select array_agg(uc.center_id::text) from user_centers uc where uc.user_id = ${users.id}), '{}') end`,
      // A family never issued to this user (a forged or foreign `fam`) is as dead as a revoked one.
      familyLive: sql<boolean>`(exists (select 1 from refresh_tokens rt where rt.family_id = ${claims.fam} and rt.user_id = ${users.id}) and not exists (select 1 from refresh_tokens rt where rt.family_id = ${claims.fam} and rt.revoked_at is not null))`,
      maintenanceMode: sql<boolean>`coalesce((${organisations.settings}->>'maintenanceMode')::boolean, false)`,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, claims.sub), eq(users.organisationId, claims.org)));
  if (!user) return undefined;
  const role = user.role as Role;
  return {
    active: user.active,
    familyLive: user.familyLive,
    role,
    ability: buildAbility(abilityRulesFor(role)),
    centerIds: user.centerIds,
    maintenanceMode: user.maintenanceMode,
    language: user.language,
  };
}

/**
 * The staff member as the system acts for them, without a session: a job finishing what they
 * asked for (a refund the provider had not answered). Their role and centres now; null when the
 * account is gone or no longer active (the job then leaves the work to staff).
 */
export async function actingFor(deps: AppDeps, organisationId: string, userId: string): Promise<AuthContext | null> {
  const [user] = await deps.database.db
    .select({
      role: users.role,
      active: users.active,
      language: users.language,
      centerIds: sql<
        string[] | null
      >`case when ${users.allCenters} then null else coalesce((select array_agg(uc.center_id::text) from user_centers uc where uc.user_id = ${users.id}), '{}') end`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
  if (!user?.active) return null;
  const role = user.role as Role;
  return {
    userId,
    organisationId,
    role,
    ability: buildAbility(abilityRulesFor(role)),
    centerIds: user.centerIds,
    familyId: 'job',
    language: user.language,
  };
}
