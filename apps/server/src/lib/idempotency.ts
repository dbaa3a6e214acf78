import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an `Idempotency-Key` header: a repeat gets the stored answer (lib/idempotency.ts).
     * `naturalKey` names the request's own key (a door scan's id) when the command is idempotent on it
     * by itself (a unique index answers a repeat with what the first recorded): a header equal to
     * it is that key, and nothing more is stored for it.
     */
    idempotent?: boolean | { naturalKey: (req: FastifyRequest) => string | undefined };
  }
  interface FastifyRequest {
    idempotencyRowId?: string;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** JSON with sorted keys, so the same body in another key order hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether an answer is kept for replay: successes and business refusals; not 5xx, not 429 (a retry may pass). */
const storable = (status: number) =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 429);

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request still running, before answering 409 `idempotency_in_progress`. */
  waitMs?: number;
}

/**
 * Makes every route with `config: { idempotent: true }` honour `Idempotency-Key`. The key is
 * reserved (in-flight) before the command runs, in its own statement: one request per caller and
 * key runs the command; repeats wait for its answer and get it replayed (`Idempotent-Replayed:
 * true`); the same key with another body or route answers 409 `idempotency_key_reused`. A 5xx
 * releases the key so that a retry may succeed.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, opts: IdempotencyOptions = {}) {
  const waitMs = opts.waitMs ?? 15_000;

  async function reserve(req: FastifyRequest, caller: string, key: string, bodyHash: string) {
    const route = req.routeOptions.url ?? req.url;
    const values = {
      organisationId: req.auth?.organisationId ?? null,
      caller,
      key,
      method: req.method,
      route,
      bodyHash,
      status: 'in_flight' as const,
      responseStatus: null,
      responseBody: null,
    };
    // A key older than the TTL counts as unused: it is taken over atomically.
    const [row] = await db
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoUpdate({
        target: [idempotencyKeys.caller, idempotencyKeys.key],
        set: { ...values, createdAt: sql`now()` },
        setWhere: lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
      })
      .returning({ id: idempotencyKeys.id });
    return row?.id;
  }

  app.addHook('preHandler', async (req, reply) => {
    const idempotent = req.routeOptions.config?.idempotent;
    if (!idempotent) return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_FORMAT.test(key)) {
      throw new AppError(400, 'validation_failed', 'Invalid Idempotency-Key header', [
        { path: IDEMPOTENCY_HEADER, code: 'format', message: '1 to 200 visible ASCII characters' },
      ]);
    }
    // The key is the request's own (a door's scan id): the command answers a repeat itself, without
    // two more writes per tap.
    if (typeof idempotent === 'object' && idempotent.naturalKey(req) === key) return;
    const caller = req.auth ? `user:${req.auth.userId}` : `public:${req.ip}`;
    const path = req.url.split('?')[0];
    const bodyHash = createHash('sha256')
      .update(`${req.method} ${path}\n${stableJson(req.body ?? null)}`)
      .digest('hex');

    const deadline = Date.now() + waitMs;
    let pause = 20;
    for (;;) {
      const id = await reserve(req, caller, key, bodyHash);
      if (id) {
        req.idempotencyRowId = id;
        return;
      }
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
      if (!row) continue; // released by a failed first request meanwhile: try to take it
      if (row.bodyHash !== bodyHash || row.method !== req.method) {
        throw new AppError(
          409,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for another request; send a new key for a new action',
        );
      }
      if (row.status === 'done' && row.responseStatus !== null) {
        return replay(reply, row.responseStatus, row.responseBody);
      }
      if (Date.now() >= deadline) {
        throw new AppError(
          409,
          'idempotency_in_progress',
          'The first request with this Idempotency-Key is still running',
        );
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 200);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const id = req.idempotencyRowId;
    if (!id) return payload;
    req.idempotencyRowId = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (storable(reply.statusCode) && body !== null) {
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', responseStatus: reply.statusCode, responseBody: body })
        .where(eq(idempotencyKeys.id, id));
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    }
    return payload;
  });

  // A request that ends without a send (aborted before the handler answered) releases its key.
  app.addHook('onResponse', async (req) => {
    const id = req.idempotencyRowId;
    if (!id) return;
    req.idempotencyRowId = undefined;
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.status, 'in_flight')));
  });
}

function replay(reply: FastifyReply, status: number, body: string | null) {
  return reply
    .code(status)
    .header(REPLAYED_HEADER, 'true')
    .header('content-type', 'application/json; charset=utf-8')
    .send(body ?? '');
}

/** Deletes keys past their 24 h; run at start and every hour. */
export async function cleanupIdempotencyKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}

export function startIdempotencyCleanup(db: Db, everyMs = 60 * 60_000): () => void {
  const run = () => void cleanupIdempotencyKeys(db).catch(() => {});
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
