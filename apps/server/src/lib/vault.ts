/**
 * Seals the organisations' payment-provider secrets (API keys, webhook signing secrets) before they
 * are stored: AES-256-GCM with a key from the server's configuration (`PAYMENT_SECRETS_KEY`), the
 * organisation's id bound in as associated data, so a sealed secret copied to another
 * organisation's row does not open. Without the setting, a key generated once is kept in the
 * database (as the token signing key is): it then protects the secrets from no one holding a copy
 * of the database, which the README says.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

const VERSION = 'v1';
const GENERATED_KEY = 'payment_secrets_key';

/** The 32-byte key: the configured one (any text of at least 32 characters, hashed), else one kept in the database. */
async function loadKey(db: Db, config: Pick<Config, 'PAYMENT_SECRETS_KEY'>): Promise<Buffer> {
  if (config.PAYMENT_SECRETS_KEY) return createHash('sha256').update(config.PAYMENT_SECRETS_KEY).digest();
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(appSecrets).values({ key: GENERATED_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, GENERATED_KEY));
  return createHash('sha256').update(row!.value).digest();
}

export interface Vault {
  /** `plain` sealed for `organisationId`: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(plain: string, organisationId: string): Promise<string>;
  /** The secret sealed for `organisationId`; throws on another organisation's, a changed text or another key. */
  open(sealed: string, organisationId: string): Promise<string>;
}

export function createVault(db: Db, config: Pick<Config, 'PAYMENT_SECRETS_KEY'>): Vault {
  let key: Promise<Buffer> | null = null;
  const keyOf = () => {
    key ??= loadKey(db, config).catch((err: unknown) => {
      key = null;
      throw err;
    });
    return key;
  };
  return {
    async seal(plain, organisationId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      cipher.setAAD(Buffer.from(organisationId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    async open(sealed, organisationId) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(organisationId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** What the API shows of a secret: its last four characters behind dots. */
export const hintOf = (plain: string) => `••••${plain.slice(-4)}`;

const vaults = new WeakMap<Db, Vault>();
/** The server's vault over `db` (one per database: its key is read once). */
export function vaultOf(db: Db, config: Pick<Config, 'PAYMENT_SECRETS_KEY'>): Vault {
  let vault = vaults.get(db);
  if (!vault) {
    vault = createVault(db, config);
    vaults.set(db, vault);
  }
  return vault;
}
