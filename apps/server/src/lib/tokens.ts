import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token for links and refresh tokens (256 bits, URL-safe). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of opaque tokens are stored: a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
