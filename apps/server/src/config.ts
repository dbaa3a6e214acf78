import { resolve } from 'node:path';
import { PRODUCT_NAME } from '@gym/contract/constants';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. Documented in README.md ("Configuration"). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** The embedded database's buffer pool (PostgreSQL's `shared_buffers`); PostgreSQL's 128MB when unset. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,6}(kB|MB|GB)$/, 'must be a size such as 32MB')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Seals the organisations' payment-provider secrets (AES-256-GCM); generated and kept in the database when unset. */
  PAYMENT_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Checkouts the public payment pages open per address and minute (a burst of as many at once): a flood is refused 429 before any order is written or provider asked. */
  PUBLIC_CHECKOUTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Requests per address and minute to the public news, slides and image feeds (a website's visitors, a burst of as many at once); past it 429. The feeds are cacheable, so a page's visitors rarely reach the server. */
  PUBLIC_FEED_REQUESTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Where the Stripe adapter sends its API calls (`protocol://host:port`); unset: Stripe's own address. */
  STRIPE_API_URL: z.string().url().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** Past LOGIN_MAX_FAILURES_PER_ADDRESS, an address may guess once per this many seconds. */
  LOGIN_ADDRESS_SLOWDOWN_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().min(1).default(20),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Scans one card reader may send per second (sustained), and in one burst. */
  READER_SCANS_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(20),
  READER_SCAN_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
  /** Wrong reader secrets one address may send per minute for one serial number, and for all of them. */
  READER_SECRET_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  READER_SECRET_FAILURES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Long reads (exports, reports) running at once per organisation and in the process (lib/long-read.ts). */
  LONG_READS_PER_ORGANISATION: z.coerce.number().int().min(1).max(100).default(2),
  LONG_READS_TOTAL: z.coerce.number().int().min(1).max(1000).default(4),
  /** Long reads of one organisation that may wait for a place, and for how long, before 429 `exports_busy`. */
  LONG_READS_WAITING_PER_ORGANISATION: z.coerce.number().int().min(0).max(1000).default(4),
  LONG_READ_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(5000).default(300),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19_456),
  REGISTRATION_OPEN: bool.default(true),
  SEED_DEMO: bool.default(true),
  /** The address people open: every link in an e-mail or on screen is built on it, never on the request's Host. */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .refine((v) => !/[?#]/.test(v), 'must not contain a query or fragment')
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default(`${PRODUCT_NAME} <no-reply@localhost>`),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** A request's headers must arrive within this (a slow client holding a socket open is cut). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** A whole request, headers and body (an import file or a receipt on a slow line), must arrive within this. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Open connections one client address may hold (0: no cap); unset behind a proxy (TRUST_PROXY), none. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Where uploaded images are kept: `local` (under DATA_DIR/files) or `s3` (an S3-compatible bucket, S3_*). */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible server's address (MinIO, Ceph, R2...); AWS's own when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Put before every object's name (`gym/` keeps the files in one folder of a shared bucket). */
  S3_PREFIX: z.string().max(200).default(''),
});

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  /** PUBLIC_URL without a trailing slash, or http://localhost:PORT. The only base of links the server writes. */
  publicUrl: string;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad variable stops the start with its name in the message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  );
  const parsed = envSchema
    .refine((c) => c.REQUEST_TIMEOUT_SECONDS >= c.HEADERS_TIMEOUT_SECONDS, {
      path: ['REQUEST_TIMEOUT_SECONDS'],
      message: 'must be at least HEADERS_TIMEOUT_SECONDS',
    })
    .refine((c) => c.FILE_STORAGE !== 's3' || c.S3_BUCKET, {
      path: ['S3_BUCKET'],
      message: 'is needed when FILE_STORAGE is s3',
    })
    .safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR), publicUrl };
}
