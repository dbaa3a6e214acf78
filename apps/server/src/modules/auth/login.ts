import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginRequest, LoginResponse } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { type ClientMeta, startSession } from './sessions.ts';
import { createThrottle } from './throttle.ts';
import { loadUserData } from './user-data.ts';

// Verifying against a real hash even for unknown e-mails keeps the answer time the same.
let decoyHash: Promise<string> | null = null;

/**
 * Sign-in. Failures are counted per account and per address: from the third failure the answer
 * is slowed down, and at the limit the key is locked for a while (423 with the seconds left).
 */
export async function login(deps: AppDeps, input: LoginRequest, meta: ClientMeta): Promise<LoginResponse> {
  const { db } = deps.database;
  const { config } = deps;
  const throttle = createThrottle(db);
  const keys = [`email:${input.email}`, ...(meta.ip ? [`ip:${meta.ip}`] : [])];

  const lockedFor = await throttle.lockedFor(keys);
  if (lockedFor > 0) {
    throw new AppError(423, 'account_locked', 'Too many failed sign-ins; try again later', undefined, lockedFor);
  }

  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  decoyHash ??= deps.hasher.hash('decoy-password-for-timing');
  // Unknown accounts and invited staff without a password cost the same hash check and never pass.
  const matches = await deps.hasher.verify(user?.passwordHash ?? (await decoyHash), input.password);
  const valid = Boolean(user?.passwordHash) && matches;

  if (!user || !valid) {
    const { failures, lockedFor: nowLocked } = await throttle.recordFailure([
      {
        key: `email:${input.email}`,
        policy: { maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, lockMinutes: config.LOGIN_LOCK_MINUTES },
      },
      ...(meta.ip
        ? [
            {
              key: `ip:${meta.ip}`,
              policy: { maxFailures: config.LOGIN_MAX_FAILURES_PER_ADDRESS, lockMinutes: config.LOGIN_LOCK_MINUTES },
            },
          ]
        : []),
    ]);
    if (nowLocked > 0) {
      throw new AppError(423, 'account_locked', 'Too many failed sign-ins; try again later', undefined, nowLocked);
    }
    if (config.LOGIN_SLOWDOWN_MS > 0 && failures >= 3) {
      await sleep(Math.min(config.LOGIN_SLOWDOWN_MS * 2 ** (failures - 3), 3000));
    }
    throw new AppError(401, 'invalid_credentials', 'Email or Password is Invalid');
  }
  if (!user.active) throw new AppError(403, 'account_inactive', 'This account is deactivated');

  await throttle.clear([`email:${input.email}`]);
  return db.transaction(async (tx) => {
    const tokens = await startSession(deps, tx, user, meta);
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    return { ...tokens, userData: await loadUserData(tx, user.id) };
  });
}
