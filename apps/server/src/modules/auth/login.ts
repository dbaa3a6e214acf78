import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginRequest, LoginResponse } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { deviceCookieAfterSignIn, readDeviceCookie } from './device-cookie.ts';
import { type ClientMeta, organisationDb, startSession } from './sessions.ts';
import { createThrottle, type SpacedKey, type ThrottleKey } from './throttle.ts';
import { loadUserData } from './user-data.ts';

// Verifying against a real hash even for unknown e-mails keeps the answer time the same.
let decoyHash: Promise<string> | null = null;

/** The longest an account is paused by failures from addresses other than its owner's. */
export const ACCOUNT_PAUSE_SECONDS = 60;

/**
 * The counters of a sign-in from a browser without a device cookie for the account: the account
 * from this address (locked for LOGIN_LOCK_MINUTES), and the account from every address, which slows
 * it down and pauses it for at most a minute for the addresses guessing at it.
 */
export function signInKeys(config: Config, email: string, ip: string | undefined): [ThrottleKey, ThrottleKey] {
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
      key: `email:${email}`,
      maxAttempts: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
      lockSeconds: ACCOUNT_PAUSE_SECONDS,
      windowSeconds: lock,
    },
  ];
}

/** The address whatever the account: past its limit, slowed to one guess per LOGIN_ADDRESS_SLOWDOWN_SECONDS. */
export function addressKey(config: Config, ip: string | undefined): SpacedKey {
  return {
    key: `ip:${ip || 'unknown'}`,
    maxAttempts: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    spacingSeconds: config.LOGIN_ADDRESS_SLOWDOWN_SECONDS,
    windowSeconds: config.LOGIN_LOCK_MINUTES * 60,
  };
}

/** The guesses of one browser that has signed in to the account before: counted apart, locked like a pair. */
export function deviceKey(config: Config, userId: string, deviceId: string): ThrottleKey {
  const lock = config.LOGIN_LOCK_MINUTES * 60;
  return {
    key: `device:${userId}:${deviceId}`,
    maxAttempts: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    lockSeconds: lock,
    windowSeconds: lock,
  };
}

const locked = (seconds: number) =>
  new AppError(423, 'account_locked', 'Too many failed sign-ins; try again later', undefined, seconds);
const slowed = (seconds: number) =>
  new AppError(
    429,
    'sign_in_slowed',
    'Too many failed sign-ins from this address; try again in a moment',
    undefined,
    seconds,
  );

export interface SignInClient extends ClientMeta {
  /** The request's `Cookie` header (the device cookie is read from it). */
  cookie?: string;
  /** Whether the browser reached the server over HTTPS (the device cookie is then `Secure`). */
  secure?: boolean;
}

/**
 * Sign-in. Every guess is counted before the password is checked, and a guess past a limit is
 * refused unchecked:
 * - from a browser holding a device cookie for the account (it signed in to it before): only that
 *   browser's own guesses count (LOGIN_MAX_FAILURES_PER_ACCOUNT, then 423 for LOGIN_LOCK_MINUTES);
 *   what others do, from its address or any other, never locks it out;
 * - otherwise: the address whatever the account (past LOGIN_MAX_FAILURES_PER_ADDRESS, one guess per
 *   LOGIN_ADDRESS_SLOWDOWN_SECONDS: 429 `sign_in_slowed` sooner), the account from this address (423
 *   for LOGIN_LOCK_MINUTES), and the account from every address (the slowdown of wrong answers, and
 *   past LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES a pause of a minute for the addresses that have
 *   guessed at it: an address that has not is still checked, so its owner gets in).
 * A right password takes its guess back. The answer carries the device cookie to set.
 */
export async function login(
  deps: AppDeps,
  input: LoginRequest,
  client: SignInClient,
): Promise<{ response: LoginResponse; deviceCookie: string }> {
  const { db } = deps.database;
  const { config } = deps;
  const throttle = createThrottle(db);

  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  const devices = readDeviceCookie(deps, client.cookie);
  const device = user ? devices.find((d) => d.userId === user.id) : undefined;

  let failures: number;
  let lockOnFailure: number;
  let forget: () => Promise<void>;
  if (device) {
    const key = deviceKey(config, device.userId, device.deviceId);
    const attempt = (await throttle.attempt([key])).byKey[key.key]!;
    if (attempt.over) throw locked(attempt.lockedFor);
    failures = attempt.count;
    lockOnFailure = attempt.lockedFor;
    forget = () => throttle.clear([key.key]);
  } else {
    const address = addressKey(config, client.ip);
    const spaced = await throttle.space(address);
    if (spaced.refusedFor > 0) throw slowed(spaced.refusedFor);
    const [pairKey, accountKey] = signInKeys(config, input.email, client.ip);
    const attempt = await throttle.attempt([pairKey, accountKey]);
    const pair = attempt.byKey[pairKey.key]!;
    const account = attempt.byKey[accountKey.key]!;
    if (pair.over) throw locked(pair.lockedFor);
    // A paused account is paused for the addresses that have guessed at it; another is checked.
    const guessedHereBefore = pair.count > 1;
    if (account.over && guessedHereBefore) throw locked(account.lockedFor);
    failures = account.count;
    lockOnFailure = Math.max(pair.lockedFor, account.lockedFor);
    forget = async () => {
      await throttle.clear([pairKey.key]);
      await throttle.undo([{ ...accountKey }, { ...address, lockSeconds: address.spacingSeconds }]);
    };
  }

  decoyHash ??= deps.hasher.hash('decoy-password-for-timing');
  // Unknown accounts and invited staff without a password cost the same hash check and never pass.
  const matches = await deps.hasher.verify(user?.passwordHash ?? (await decoyHash), input.password);
  const valid = Boolean(user?.passwordHash) && matches;

  if (!user || !valid) {
    if (lockOnFailure > 0) throw locked(lockOnFailure);
    if (config.LOGIN_SLOWDOWN_MS > 0 && failures >= 3) {
      await sleep(Math.min(config.LOGIN_SLOWDOWN_MS * 2 ** (failures - 3), 3000));
    }
    throw new AppError(401, 'invalid_credentials', 'Email or Password is Invalid');
  }
  // The right password: this guess was no failure.
  await forget();
  if (!user.active) throw new AppError(403, 'account_inactive', 'This account is deactivated');

  const response = await db.transaction(async (tx) => {
    const scoped = organisationDb(tx, user.organisationId);
    const tokens = await startSession(deps, scoped, { user, meta: client });
    await scoped.update(users, { lastLoginAt: deps.clock.now() }, eq(users.id, user.id));
    return { ...tokens, userData: await loadUserData(scoped, user.id) };
  });
  return { response, deviceCookie: deviceCookieAfterSignIn(deps, devices, user.id, client.secure === true) };
}
