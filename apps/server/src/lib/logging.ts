/**
 * What the server's log may contain. Logs travel further than the database (terminals, log
 * collectors, support tickets), so they carry no secret and no personal data:
 * - `redacted` removes credentials and personal fields wherever a log line carries them;
 * - the `err` serializer drops the values a failed query was run with (Drizzle puts them in the
 *   error's `params` and message, PostgreSQL in `detail`, e.g. "Key (email)=(...) already exists").
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { type DestinationStream, pino } from 'pino';

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

const SENSITIVE_KEYS = new Set([...SECRET_KEYS, ...PERSONAL_KEYS]);
const SECRET_HEADER_NAMES = new Set(SECRET_HEADERS);
const CENSOR = '[redacted]';
/** Keys whose value a serializer turns into what is logged: redacted once serialized (`redactedSerializer`). */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/**
 * `value` as the log may show it: a credential or personal field is replaced by "[redacted]" at the
 * top level and two levels down (`password`, `user.email`, `sale.member.phone`), and a credential
 * header in a `headers` object at the top level or one down (`headers.authorization`,
 * `call.headers["x-reader-secret"]`). `value` itself is never changed: the objects on the way to a
 * redacted field are copied, and nothing else is.
 */
export function redacted(value: unknown, level = 0, skip?: Set<string>): unknown {
  // A buffer's bytes are keys too: not walked (they hold no field name).
  if (value === null || typeof value !== 'object' || level > 2 || ArrayBuffer.isView(value)) return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(source)) {
    if (skip?.has(key)) continue;
    const v = source[key];
    let shown = v;
    if (SENSITIVE_KEYS.has(key)) shown = v === undefined ? v : CENSOR;
    else if (key === 'headers' && level < 2 && v !== null && typeof v === 'object') shown = redactedHeaders(v);
    else if (level < 2) shown = redacted(v, level + 1);
    if (shown !== v) {
      copy ??= Array.isArray(source) ? ([...source] as unknown as Record<string, unknown>) : { ...source };
      copy[key] = shown;
    }
  }
  return copy ?? value;
}

function redactedHeaders(headers: object): object {
  const source = headers as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(source)) {
    if (SECRET_HEADER_NAMES.has(key.toLowerCase()) && source[key] !== undefined) {
      copy ??= { ...source };
      copy[key] = CENSOR;
    }
  }
  return copy ?? headers;
}

/** A serializer whose output is redacted as a field of the line (it is one level down). */
function redactedSerializer(serialize: (value: unknown) => unknown) {
  return (value: unknown) => redacted(serialize(value), 1);
}

/**
 * The log's redaction: a line's fields as pino formats them, a serializer's output once serialized,
 * and a child logger's bindings (a request's) as the child is made. Not pino's `redact` option: it
 * parsed its 75 paths again for every child logger (one per request) and every line, and was a
 * sixth of what the API server allocated at a door's 100 taps a second. Objects interpolated into a
 * message (`%o`) are not redacted: the server logs fields, never objects in its messages.
 */
const redactingFormatters = {
  log: (object: Record<string, unknown>) => redacted(object, 0, SERIALIZED_KEYS) as Record<string, unknown>,
};

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

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined> & {
  stream?: DestinationStream;
  serializers?: Record<string, (value: unknown) => unknown>;
  formatters?: LoggerOptionsOf['formatters'];
};
type LoggerOptionsOf = NonNullable<Parameters<typeof pino>[0]>;

/**
 * The server's logger, from the caller's options (level, stream) or none (`logger: false`): for
 * Fastify's `loggerInstance`. Its lines, serializers and child loggers' bindings are redacted.
 */
export function serverLogger(
  logger: FastifyServerOptions['logger'] | undefined,
  level: string,
): FastifyBaseLogger | undefined {
  if (logger === false) return undefined;
  const {
    stream,
    serializers: given,
    formatters,
    ...base
  } = (logger && typeof logger === 'object' ? logger : { level }) as LoggerOptions;
  const serializers = Object.fromEntries(
    Object.entries({ ...given, err: safeError }).map(([key, serialize]) => [
      key,
      redactedSerializer(serialize as (value: unknown) => unknown),
    ]),
  );
  const root = pino(
    { ...(base as LoggerOptionsOf), serializers, formatters: { ...formatters, ...redactingFormatters } },
    stream ?? process.stdout,
  );
  // Every child logger (Fastify's per request, and theirs: a child is made from its parent) has
  // its bindings redacted: pino formats a child's bindings without the `bindings` formatter.
  const child = root.child;
  root.child = function redactedChild(this: typeof root, bindings, options) {
    return child.call(this, redacted(bindings) as typeof bindings, options);
  } as typeof root.child;
  return root as unknown as FastifyBaseLogger;
}
