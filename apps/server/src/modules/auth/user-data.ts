import { abilityRulesFor, type Role } from '@gym/contract/acl';
import type { UserData } from '@gym/contract/auth';
import type { Language, LayoutType, Skin } from '@gym/contract/constants';
import { eq } from 'drizzle-orm';
import { organisations, userCenters, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { queryContext } from '../../lib/use-case.ts';

export type UserRow = typeof users.$inferSelect;

export async function centerIdsOf(db: TenantDb, user: Pick<UserRow, 'id' | 'allCenters'>): Promise<string[] | null> {
  if (user.allCenters) return null;
  const rows = await db
    .select({ centerId: userCenters.centerId })
    .from(userCenters)
    .where(eq(userCenters.userId, user.id));
  return rows.map((r) => r.centerId);
}

/** The `userData` the web app stores: identity, role, CASL ability rules, organisation and preferences. */
export async function loadUserData(db: TenantDb, userId: string): Promise<UserData> {
  const [row] = await db
    .select({ user: users, organisation: organisations })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId));
  if (!row) throw notFound('user');
  const { user, organisation } = row;
  const role = user.role as Role;
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role,
    ability: abilityRulesFor(role),
    organisation: { id: organisation.id, name: organisation.name, initial: organisation.initial },
    centerIds: await centerIdsOf(db, user),
    preferences: { language: user.language as Language, skin: user.skin as Skin, layout: user.layout as LayoutType },
    extras: { eCommerceCartItemsCount: 0 },
  };
}

/**
 * `GET /me`: the caller's `userData`, kept in the session cache until their profile, role, centres
 * or organisation change (each of those writes announces it, see auth-cache.ts).
 */
export async function currentUserData(deps: AppDeps, auth: AuthContext): Promise<UserData> {
  const data = await deps.sessions.get<UserData>(
    { userId: auth.userId, familyId: '', organisationId: auth.organisationId },
    () => loadUserData(queryContext(deps, auth).db, auth.userId),
    'me',
  );
  if (!data) throw notFound('user');
  return data;
}
