/** PostgreSQL error facts, read the same way from node-postgres and PGlite errors (drizzle may wrap them in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string } | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : undefined };
    }
    e = o.cause;
  }
  return null;
}

/** True when `err` is a unique violation, of `constraint` when given (the index name). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || String((err as Error).message).includes(constraint);
}

/** True when `err` is a check violation, of `constraint` when given. */
export function isCheckViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (e?.code !== '23514') return false;
  return constraint === undefined || e.constraint === constraint || String((err as Error).message).includes(constraint);
}

/** SQLSTATEs of a server that is going away or cannot take the connection (class 08, shutdown, too many). */
const UNAVAILABLE_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
/** Node's socket errors when the database's address does not answer. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words when its connection is gone or none could be had in time. */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error|Client was closed|Cannot use a pool after calling end/i;

/**
 * True when `err` says the database cannot be reached (stopped, restarting, out of connections, a
 * pool that could not connect in time), not that a statement was wrong: the request is answered 503
 * and may be tried again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof o.code === 'string' && (UNAVAILABLE_STATES.has(o.code) || UNAVAILABLE_SOCKET_CODES.has(o.code)))
      return true;
    if (typeof o.message === 'string' && UNAVAILABLE_MESSAGES.test(o.message)) return true;
    // An AggregateError (a connect tried on several addresses) holds its reasons.
    if (Array.isArray(o.errors) && o.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = o.cause;
  }
  return false;
}
