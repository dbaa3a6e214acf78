/**
 * What the server's log may contain. Logs travel further than the database (terminals, log
 * collectors, support tickets), so they carry no secret and no personal data:
 * - `redact` removes credentials and personal fields wherever a log line carries them;
 * - the `err` serializer drops the values a failed query was run with (Drizzle puts them in the
 *   error's `params` and message, PostgreSQL in `detail`, e.g. "Key (email)=(...) already exists").
 */
import type { FastifyServerOptions } from 'fastify';

const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'tokenHash',
  'token_hash',
];
const PERSONAL_KEYS = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'chineseName',
  'fullName',
  'birthday',
  'address',
  'emergencyContactName',
  'emergencyContactPhone',
  'guardian',
  'photo',
  'notes',
];

/** Headers that carry a credential: a user's token or session, a reader's secret. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-reader-secret'];

export const LOG_REDACT_PATHS = [
  // A request's or answer's headers, logged as they are or inside another object (`req`, `res`).
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
  ...[...SECRET_KEYS, ...PERSONAL_KEYS].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
/** Keys of an error object that may hold the values of a query or a row. */
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'detail', 'row', 'rows', 'body', 'raw']);

/** An error as the log may show it: type, message, code, SQL text and stack, never the values. */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err, message: '[not an Error]' };
  const message = err.message.replace(PARAMS_IN_MESSAGE, '');
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join('\n'),
  };
  let hidden = false;
  for (const [key, value] of Object.entries(err)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    if (VALUE_KEYS.has(key)) {
      hidden = true;
      continue;
    }
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (hidden) out.values = '[hidden]';
  if (err.cause !== undefined && depth < 4) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** The logger options every server starts with, added to the caller's (level, transport, stream). */
export function loggerOptions(logger: FastifyServerOptions['logger'] | undefined, level: string) {
  if (logger === false) return false;
  const base = logger && typeof logger === 'object' ? logger : { level };
  return {
    ...base,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...(('serializers' in base && base.serializers) || {}), err: safeError },
  } as FastifyServerOptions['logger'];
}
