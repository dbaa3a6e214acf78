import type { changePasswordRequestSchema } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { setOwnPassword } from './set-own-password.ts';
import { createThrottle } from './throttle.ts';

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
  const user = await queryContext(deps, auth).db.first(users, eq(users.id, auth.userId));
  if (!user?.passwordHash || !(await deps.hasher.verify(user.passwordHash, input.currentPassword))) {
    if (attempt.lockedFor > 0) throw locked(attempt.lockedFor);
    throw new AppError(401, 'invalid_credentials', 'The current password is not right', [
      { path: 'currentPassword', code: 'invalid_credentials', message: 'The current password is not right' },
    ]);
  }
  await throttle.clear([key]);
  const passwordHash = await deps.hasher.hash(input.newPassword);
  await runCommand(deps, auth, setOwnPassword, { passwordHash });
}
