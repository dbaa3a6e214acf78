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
