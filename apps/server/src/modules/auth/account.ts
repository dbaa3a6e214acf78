import type { changePasswordRequestSchema, UserData, updateAccountRequestSchema } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { runTransaction, type UseCaseContext } from '../../lib/use-case.ts';
import { revokeUserSessions } from './sessions.ts';
import { createThrottle } from './throttle.ts';
import { loadUserData } from './user-data.ts';

/** An own-account command's context: the use case context and the session services it tells. */
export interface AccountContext extends UseCaseContext {
  deps: Pick<AppDeps, 'sessions' | 'config'>;
}

const runAccountCommand = <I, O>(
  deps: AppDeps,
  auth: AuthContext,
  useCase: (ctx: AccountContext, input: I) => Promise<O>,
  input: I,
) => runTransaction(deps, auth, (ctx) => useCase({ ...ctx, deps }, input));

/** The signed-in staff member's name and preferences; every server drops its cached profile. */
export async function updateAccount(
  ctx: AccountContext,
  input: z.infer<typeof updateAccountRequestSchema>,
): Promise<UserData> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (input.fullName !== undefined) set.fullName = input.fullName;
  if (input.preferences?.language) set.language = input.preferences.language;
  if (input.preferences?.skin) set.skin = input.preferences.skin;
  if (input.preferences?.layout) set.layout = input.preferences.layout;
  await ctx.db.update(users, set, eq(users.id, ctx.auth.userId));
  await ctx.deps.sessions.changed(ctx.tx, { profiles: [ctx.auth.userId] });
  return loadUserData(ctx.tx, ctx.auth.userId);
}

/** Writes the new password's hash and signs out every other session of the account. */
export async function setOwnPassword(ctx: AccountContext, input: { passwordHash: string }): Promise<void> {
  const [user] = await ctx.db.update(
    users,
    { passwordHash: input.passwordHash, updatedAt: ctx.clock.now() },
    eq(users.id, ctx.auth.userId),
  );
  if (!user) throw new AppError(404, 'not_found', 'Account not found');
  await revokeUserSessions(ctx.deps, ctx.tx, user.id, { except: ctx.auth.familyId });
}

/** `PATCH /pro/me`. */
export const updateOwnAccount = (deps: AppDeps, auth: AuthContext, input: z.infer<typeof updateAccountRequestSchema>) =>
  runAccountCommand(deps, auth, updateAccount, input);

/**
 * `POST /pro/me/password`: each guess of the current password is counted before it is checked,
 * like a sign-in; the hashes are computed outside the command's transaction, which only writes.
 */
export async function changePassword(
  deps: AppDeps,
  auth: AuthContext,
  input: z.infer<typeof changePasswordRequestSchema>,
): Promise<void> {
  const throttle = createThrottle(deps.database.db);
  const lock = deps.config.LOGIN_LOCK_MINUTES * 60;
  const key = `password:${auth.userId}`;
  const attempt = await throttle.attempt([
    { key, maxAttempts: deps.config.LOGIN_MAX_FAILURES_PER_ACCOUNT, lockSeconds: lock, windowSeconds: lock },
  ]);
  const locked = (seconds: number) =>
    new AppError(423, 'account_locked', 'Too many wrong current passwords; try again later', undefined, seconds);
  if (attempt.refusedFor > 0) throw locked(attempt.refusedFor);
  const user = await runTransaction(deps, auth, (ctx) => ctx.db.first(users, eq(users.id, auth.userId)));
  if (!user?.passwordHash || !(await deps.hasher.verify(user.passwordHash, input.currentPassword))) {
    if (attempt.lockedFor > 0) throw locked(attempt.lockedFor);
    throw new AppError(401, 'invalid_credentials', 'The current password is not right', [
      { path: 'currentPassword', code: 'invalid_credentials', message: 'The current password is not right' },
    ]);
  }
  await throttle.clear([key]);
  const passwordHash = await deps.hasher.hash(input.newPassword);
  await runAccountCommand(deps, auth, setOwnPassword, { passwordHash });
}
