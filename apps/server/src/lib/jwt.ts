import { randomBytes } from 'node:crypto';
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

export function createJwt(key: Uint8Array, ttlSeconds: number) {
  return {
    sign: (claims: AccessClaims) =>
      new SignJWT({ org: claims.org, fam: claims.fam })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    /** Answers the claims, 'expired', or null for anything else that is wrong. */
    async verify(token: string): Promise<AccessClaims | 'expired' | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        const claims = accessClaimsSchema.safeParse(payload);
        return claims.success ? { sub: claims.data.sub, org: claims.data.org, fam: claims.data.fam } : null;
      } catch (err) {
        return err instanceof errors.JWTExpired ? 'expired' : null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
