import type { changePasswordRequestSchema, UserData, updateAccountRequestSchema } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { scopeOf } from '../../lib/tenant-db.ts';
import { revokeUserSessions } from './sessions.ts';
import { createThrottle } from './throttle.ts';
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
      .where(scopeOf(auth, users, eq(users.id, auth.userId)));
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
  // Each guess of the current password is counted before it is checked, like a sign-in.
  const throttle = createThrottle(db);
  const lock = deps.config.LOGIN_LOCK_MINUTES * 60;
  const key = `password:${auth.userId}`;
  const attempt = await throttle.attempt([
    { key, maxAttempts: deps.config.LOGIN_MAX_FAILURES_PER_ACCOUNT, lockSeconds: lock, windowSeconds: lock },
  ]);
  const locked = (seconds: number) =>
    new AppError(423, 'account_locked', 'Too many wrong current passwords; try again later', undefined, seconds);
  if (attempt.refusedFor > 0) throw locked(attempt.refusedFor);
  const [user] = await db
    .select()
    .from(users)
    .where(scopeOf(auth, users, eq(users.id, auth.userId)));
  if (!user?.passwordHash || !(await deps.hasher.verify(user.passwordHash, input.currentPassword))) {
    if (attempt.lockedFor > 0) throw locked(attempt.lockedFor);
    throw new AppError(401, 'invalid_credentials', 'The current password is not right', [
      { path: 'currentPassword', code: 'invalid_credentials', message: 'The current password is not right' },
    ]);
  }
  await throttle.clear([key]);
  const passwordHash = await deps.hasher.hash(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(deps, tx, user.id, { except: auth.familyId });
  });
}
