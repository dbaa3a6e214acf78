import { abilityRulesFor, buildAbility, type Role } from '@gym/contract/acl';
import { and, eq, sql } from 'drizzle-orm';
import { organisations, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Resolves a bearer token to the caller. The user is read on every request (one query),
 * so a deactivated account, a changed role or a signed-out session stops working at once rather
 * than when the access token expires. The same query reads the organisation's maintenance switch.
 */
export async function authenticate(deps: AppDeps, header: string | undefined): Promise<AuthContext> {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw new AppError(401, 'unauthenticated', 'Sign in required');
  const claims = await deps.jwt.verify(token);
  if (claims === 'expired') throw new AppError(401, 'token_expired', 'The access token has expired');
  if (!claims) throw new AppError(401, 'token_invalid', 'The access token is not valid');
  const { db } = deps.database;
  const [user] = await db
    .select({
      id: users.id,
      organisationId: users.organisationId,
      role: users.role,
      active: users.active,
      // null: every centre; otherwise the centres this staff member is limited to.
      centerIds: sql<
        string[] | null
      >`case when ${users.allCenters} then null else coalesce((select array_agg(uc.center_id::text) from user_centers uc where uc.user_id = ${users.id}), '{}') end`,
      familyRevoked: sql<boolean>`exists (select 1 from refresh_tokens rt where rt.family_id = ${claims.fam} and rt.revoked_at is not null)`,
      maintenanceMode: sql<boolean>`coalesce((${organisations.settings}->>'maintenanceMode')::boolean, false)`,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, claims.sub), eq(users.organisationId, claims.org)));
  if (!user?.active || user.familyRevoked) throw new AppError(401, 'token_invalid', 'The session has ended');
  const role = user.role as Role;
  return {
    userId: user.id,
    organisationId: user.organisationId,
    role,
    ability: buildAbility(abilityRulesFor(role)),
    centerIds: user.centerIds,
    familyId: claims.fam,
    maintenanceMode: user.maintenanceMode,
  };
}
