/**
 * The device cookie (OWASP's "slow down online guessing attacks with device cookies"): a browser
 * that has signed in to an account gets an HttpOnly cookie naming that account, signed by the
 * server. Its guesses on that account are counted apart from everyone else's, so strangers guessing
 * from the same address (a gym's staff share one) or from many addresses cannot lock it out.
 *
 * The value holds one entry per account signed in from this browser (a shared desk has several),
 * newest first: `<user id>.<device id>.<signature>`, joined by `~`. The signature is an HMAC under
 * the server's signing key; an entry whose signature does not match is ignored.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';

export const DEVICE_COOKIE = 'gym_device';
/** Sent only with the sign-in calls. */
export const DEVICE_COOKIE_PATH = '/api/v1/jwt';
export const DEVICE_COOKIE_DAYS = 180;
/** Accounts remembered per browser. */
const MAX_ACCOUNTS = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID = /^[A-Za-z0-9_-]{22}$/;

export interface DeviceEntry {
  userId: string;
  deviceId: string;
}

const signature = (deps: Pick<AppDeps, 'jwt'>, e: DeviceEntry) =>
  deps.jwt.derive('device-cookie', `${e.userId}.${e.deviceId}`);

/** The entries of the request's device cookie whose signature is right. */
export function readDeviceCookie(deps: Pick<AppDeps, 'jwt'>, cookieHeader: string | undefined): DeviceEntry[] {
  if (!cookieHeader) return [];
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!raw) return [];
  const entries: DeviceEntry[] = [];
  for (const item of raw.split('~').slice(0, MAX_ACCOUNTS)) {
    const [userId = '', deviceId = '', mac = ''] = item.split('.');
    if (!UUID.test(userId) || !ID.test(deviceId)) continue;
    const entry = { userId, deviceId };
    const expected = Buffer.from(signature(deps, entry));
    const given = Buffer.from(mac);
    if (given.length === expected.length && timingSafeEqual(given, expected)) entries.push(entry);
  }
  return entries;
}

/**
 * The `Set-Cookie` value after `userId` signed in from this browser: its entry first (the one it
 * had, or a new one), then the browser's other accounts.
 */
export function deviceCookieAfterSignIn(
  deps: Pick<AppDeps, 'jwt'>,
  entries: DeviceEntry[],
  userId: string,
  secure: boolean,
): string {
  const own = entries.find((e) => e.userId === userId) ?? { userId, deviceId: randomBytes(16).toString('base64url') };
  const kept = [own, ...entries.filter((e) => e.userId !== userId)].slice(0, MAX_ACCOUNTS);
  const value = kept.map((e) => `${e.userId}.${e.deviceId}.${signature(deps, e)}`).join('~');
  return [
    `${DEVICE_COOKIE}=${value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
