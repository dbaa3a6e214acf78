import { createHmac, randomBytes, webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

export interface AccessClaims {
  sub: string;
  org: string;
  fam: string;
}

/** What a valid access token must carry: uuids for the user, organisation and session family, and an expiry. */
const accessClaimsSchema = z.object({
  sub: z.uuid(),
  org: z.uuid(),
  fam: z.uuid(),
  exp: z.number().int(),
});

/** The signing key: JWT_SECRET when set, else one generated once and kept in the database for every server. */
export async function loadSigningKey(db: Db, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(appSecrets).values({ key: 'jwt_signing_key', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'jwt_signing_key'));
  return new TextEncoder().encode(row!.value);
}

/** How many verified tokens are remembered (each staff browser presents one token for its lifetime). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createJwt(key: Uint8Array, ttlSeconds: number) {
  // The HMAC key imported once (given the raw bytes, jose imports them again on every call).
  let verifyKey: Promise<webcrypto.CryptoKey> | null = null;
  const keyForVerify = () => {
    verifyKey ??= webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    return verifyKey;
  };
  // A token already verified is the same token: its claims are remembered until it expires, so that
  // a browser's every request does not check the same signature again. Revocation is not decided
  // here but by the session (`authenticate`), on every request.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    /**
     * An access token for `claims`. Given the same `issuedAt` (seconds), the same claims give the
     * same token: a refresh answered again (a retry after a lost answer) answers the same pair.
     */
    sign: (claims: AccessClaims, issuedAt = Math.floor(Date.now() / 1000)) =>
      new SignJWT({ org: claims.org, fam: claims.fam })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key),
    /**
     * A token only this deployment can compute from `input` (HMAC-SHA256 under the signing key, URL
     * safe): a refresh token's successor, so that the same refresh presented again gets the same one.
     */
    derive: (purpose: string, input: string) =>
      createHmac('sha256', key).update(purpose).update('\0').update(input).digest('base64url'),
    /** Answers the claims, 'expired', or null for anything else that is wrong. */
    async verify(token: string): Promise<AccessClaims | 'expired' | null> {
      const known = verified.get(token);
      if (known) {
        // As jose decides: expired once its `exp` second has come.
        if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
        verified.delete(token);
        return 'expired';
      }
      try {
        const { payload } = await jwtVerify(token, await keyForVerify(), {
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
        });
        const parsed = accessClaimsSchema.safeParse(payload);
        if (!parsed.success) return null;
        const claims = { sub: parsed.data.sub, org: parsed.data.org, fam: parsed.data.fam };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, { claims, exp: parsed.data.exp });
        return claims;
      } catch (err) {
        return err instanceof errors.JWTExpired ? 'expired' : null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
