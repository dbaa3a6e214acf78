/**
 * Webhook signatures as Stripe writes them: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * one `v1` per signing secret in use (two while a secret is rotated). The check is on the raw body
 * as received, in constant time, and refuses a timestamp further than the tolerance from now (a
 * replayed old message).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signature's time may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, raw: Buffer | string) =>
  createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof raw === 'string' ? Buffer.from(raw) : raw)
    .digest('hex');

/** The signature header of `raw` sent at `timestamp` (seconds), signed with each of `secrets`. */
export function signatureHeader(secrets: readonly string[], timestamp: number, raw: Buffer | string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${hmac(s, timestamp, raw)}`)].join(',');
}

export type SignatureCheck = 'valid' | 'invalid' | 'stale';

/** Whether `header` signs `raw` with one of `secrets`, at a time within the tolerance of `nowSeconds`. */
export function checkSignature(
  header: string | undefined,
  raw: Buffer,
  secrets: readonly string[],
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header || secrets.length === 0) return 'invalid';
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const timestamp = t && /^\d{1,12}$/.test(t) ? Number(t) : Number.NaN;
  const given = parts
    .filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v))
    .map(([, v]) => Buffer.from(v!, 'hex'));
  if (!Number.isFinite(timestamp) || given.length === 0) return 'invalid';
  const matches = secrets.some((secret) => {
    const expected = Buffer.from(hmac(secret, timestamp, raw), 'hex');
    return given.some((g) => timingSafeEqual(g, expected));
  });
  if (!matches) return 'invalid';
  return Math.abs(nowSeconds - timestamp) > toleranceSeconds ? 'stale' : 'valid';
}
