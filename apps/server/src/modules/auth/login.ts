import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginRequest, LoginResponse } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { type ClientMeta, startSession } from './sessions.ts';
import { createThrottle, type ThrottleKey } from './throttle.ts';
import { loadUserData } from './user-data.ts';

// Verifying against a real hash even for unknown e-mails keeps the answer time the same.
let decoyHash: Promise<string> | null = null;

/** The longest an account is paused by failures from addresses other than its owner's. */
export const ACCOUNT_PAUSE_SECONDS = 60;

/**
 * The three counters of a sign-in: the account from this address (locked for LOGIN_LOCK_MINUTES),
 * the address whatever the account (locked likewise), and the account from every address, which
 * only slows it down and pauses it for at most a minute, so strangers cannot lock its owner out.
 */
export function signInKeys(config: Config, email: string, ip: string | undefined): ThrottleKey[] {
  const address = ip || 'unknown';
  const lock = config.LOGIN_LOCK_MINUTES * 60;
  return [
    {
      key: `email-ip:${email} ${address}`,
      maxAttempts: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      lockSeconds: lock,
      windowSeconds: lock,
    },
    {
      key: `ip:${address}`,
      maxAttempts: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      lockSeconds: lock,
      windowSeconds: lock,
    },
    {
      key: `email:${email}`,
      maxAttempts: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
      lockSeconds: ACCOUNT_PAUSE_SECONDS,
      windowSeconds: lock,
    },
  ];
}

const locked = (seconds: number) =>
  new AppError(423, 'account_locked', 'Too many failed sign-ins; try again later', undefined, seconds);

/**
 * Sign-in. Every guess is counted before the password is checked (per account and address, per
 * address, per account): a guess past a limit is refused with 423 and the seconds left, unchecked.
 * From the third guess on the account the failures are slowed down; success forgets this address's
 * failures on the account.
 */
export async function login(deps: AppDeps, input: LoginRequest, meta: ClientMeta): Promise<LoginResponse> {
  const { db } = deps.database;
  const { config } = deps;
  const throttle = createThrottle(db);
  const keys = signInKeys(config, input.email, meta.ip);

  const attempt = await throttle.attempt(keys);
  if (attempt.refusedFor > 0) throw locked(attempt.refusedFor);

  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  decoyHash ??= deps.hasher.hash('decoy-password-for-timing');
  // Unknown accounts and invited staff without a password cost the same hash check and never pass.
  const matches = await deps.hasher.verify(user?.passwordHash ?? (await decoyHash), input.password);
  const valid = Boolean(user?.passwordHash) && matches;

  if (!user || !valid) {
    if (attempt.lockedFor > 0) throw locked(attempt.lockedFor);
    const failures = attempt.counts[keys[2]!.key] ?? 0;
    if (config.LOGIN_SLOWDOWN_MS > 0 && failures >= 3) {
      await sleep(Math.min(config.LOGIN_SLOWDOWN_MS * 2 ** (failures - 3), 3000));
    }
    throw new AppError(401, 'invalid_credentials', 'Email or Password is Invalid');
  }
  // The right password: this guess was no failure.
  await throttle.clear([keys[0]!.key]);
  await throttle.undo(keys.slice(1));
  if (!user.active) throw new AppError(403, 'account_inactive', 'This account is deactivated');

  return db.transaction(async (tx) => {
    const tokens = await startSession(deps, tx, user, meta);
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    return { ...tokens, userData: await loadUserData(tx, user.id) };
  });
}
