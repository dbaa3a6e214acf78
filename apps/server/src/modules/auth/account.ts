import type { changePasswordRequestSchema, UserData, updateAccountRequestSchema } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { scoped } from '../../lib/scope.ts';
import { revokeUserSessions } from './sessions.ts';
import { loadUserData } from './user-data.ts';

export async function updateAccount(
  deps: AppDeps,
  auth: AuthContext,
  input: z.infer<typeof updateAccountRequestSchema>,
): Promise<UserData> {
  return deps.database.db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.fullName !== undefined) set.fullName = input.fullName;
    if (input.preferences?.language) set.language = input.preferences.language;
    if (input.preferences?.skin) set.skin = input.preferences.skin;
    if (input.preferences?.layout) set.layout = input.preferences.layout;
    await tx
      .update(users)
      .set(set)
      .where(scoped(auth, users, eq(users.id, auth.userId)));
    await deps.sessions.changed(tx, { profiles: [auth.userId] });
    return loadUserData(tx, auth.userId);
  });
}

/** Changing one's password signs out every other session of the account, and keeps this one. */
export async function changePassword(
  deps: AppDeps,
  auth: AuthContext,
  input: z.infer<typeof changePasswordRequestSchema>,
): Promise<void> {
  const { db } = deps.database;
  const [user] = await db
    .select()
    .from(users)
    .where(scoped(auth, users, eq(users.id, auth.userId)));
  if (!user?.passwordHash || !(await deps.hasher.verify(user.passwordHash, input.currentPassword))) {
    throw new AppError(401, 'invalid_credentials', 'The current password is not right', [
      { path: 'currentPassword', code: 'invalid_credentials', message: 'The current password is not right' },
    ]);
  }
  const passwordHash = await deps.hasher.hash(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(deps, tx, user.id, { except: auth.familyId });
  });
}
