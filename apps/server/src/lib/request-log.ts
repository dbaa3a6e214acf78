/**
 * Request logging: one line per request (method, url, status, time) instead of Fastify's two
 * (incoming, completed). On a terminal the lines are readable text (pino-pretty); otherwise, as in
 * production behind a process manager or a log collector, they stay JSON.
 */
import { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pinoPretty from 'pino-pretty';

/** Readable lines when a person watches the output (a terminal), JSON for machines. */
export function prettyLogs(output: { isTTY?: boolean }, env: { LOG_FORMAT?: string | undefined } = {}): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return output.isTTY === true;
}

/**
 * Lines are written synchronously, in the server's own thread (not through a worker transport), so
 * that they appear in the order they were logged: Fastify's "Server listening at" comes before the
 * start-up banner that main.ts prints once `listen` has answered.
 */
export function loggerOptions(
  level: string,
  pretty: boolean,
  output: NodeJS.WritableStream = process.stdout,
): FastifyServerOptions['logger'] {
  return pretty
    ? {
        level,
        stream: pinoPretty({
          ignore: 'pid,hostname,reqId,req,res,responseTime',
          translateTime: 'HH:MM:ss',
          singleLine: true,
          destination: output,
          sync: true,
        }),
      }
    : { level, stream: output };
}

/** Fastify's own "incoming request" / "request completed" lines are off: registerRequestLog writes one instead. */
export function requestLogController(): LogController {
  return new LogController({ disableRequestLogging: true });
}

/**
 * Path parameters whose values the access log shows: ids and other names that open nothing. Any
 * other parameter (a card-link `token`, a door's `card` number, and whatever a new route adds) is
 * written `[redacted]`.
 */
export const LOGGED_PATH_PARAMS: ReadonlySet<string> = new Set([
  'id',
  'centerId',
  'memberId',
  'student_id',
  'cardId',
  'entitlementId',
  'dayOffId',
  'sn',
  'initial',
  'centerCode',
]);

/**
 * Query keys whose values the access log shows: filters, paging, sorting, formats and ids. Any other
 * (a search `keyword`, which is a member's name, phone or card; a `token` in a page's link; a free
 * `reason`; whatever a new route adds) is written `[redacted]`.
 */
export const LOGGED_QUERY_KEYS: ReadonlySet<string> = new Set([
  'action',
  'active',
  'actorId',
  'available',
  'category',
  'categoryId',
  'center',
  'centerId',
  'class',
  'durationUnit',
  'entitlement',
  'entityType',
  'format',
  'from',
  'groupId',
  'guardianMissing',
  'includeCancelled',
  'includeEnded',
  'includeInactive',
  'isNew',
  'isTrainer',
  'kind',
  'lang',
  'layout',
  'lowStock',
  'member',
  'memberId',
  'method',
  'overdue',
  'page',
  'pageSize',
  'paymentId',
  'result',
  'role',
  'room',
  'sort',
  'staffId',
  'state',
  'status',
  'subtotal',
  'teacher',
  'to',
  'trainer',
  'type',
  'usage',
  'year',
  // Socket.IO's own.
  'EIO',
  'transport',
  'sid',
]);

const REDACTED = '[redacted]';
/** A path segment that looks like an opaque token (a card link's, a payment link's) or a card number. */
const OPAQUE_SEGMENT = /^(?:[A-Za-z0-9_-]{20,}|\d{6,})$/;

/**
 * The request's address as the access log shows it: a route's parameters by `LOGGED_PATH_PARAMS`,
 * the segments of any other path (the web app's pages, unknown paths) that look like a token or a
 * card number, and the query's values by `LOGGED_QUERY_KEYS`.
 */
export function loggedUrl(request: FastifyRequest): string {
  const raw = request.url;
  const q = raw.indexOf('?');
  const rawPath = q === -1 ? raw : raw.slice(0, q);
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  let path: string;
  if (pattern && pattern !== '/*' && pattern !== '*') {
    path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
      LOGGED_PATH_PARAMS.has(name) ? encodeURIComponent(String(params[name] ?? '')) : REDACTED,
    );
  } else {
    path = rawPath
      .split('/')
      .map((segment) => {
        let decoded = segment;
        try {
          decoded = decodeURIComponent(segment);
        } catch {}
        return OPAQUE_SEGMENT.test(decoded) ? REDACTED : segment;
      })
      .join('/');
  }
  if (q === -1) return path;
  const query = [...new URLSearchParams(raw.slice(q + 1))].map(([key, value]) =>
    LOGGED_QUERY_KEYS.has(key) ? `${key}=${encodeURIComponent(value)}` : `${encodeURIComponent(key)}=${REDACTED}`,
  );
  return query.length ? `${path}?${query.join('&')}` : path;
}

/** What the access summary counts between two of its lines. */
interface Window {
  startedAt: number;
  count: number;
  byClass: [number, number, number, number, number];
  ms: number[];
}
const newWindow = (): Window => ({ startedAt: performance.now(), count: 0, byClass: [0, 0, 0, 0, 0], ms: [] });
/** Response times kept per summary (beyond, requests are counted but their times are not). */
const MAX_TIMES = 200_000;

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
/** Whether `log` writes lines of `level` (a logger without a level, Fastify's when there is none, writes nothing). */
const writes = (log: { level?: unknown }, level: string) =>
  typeof log.level === 'string' && (LEVELS[log.level] ?? Number.POSITIVE_INFINITY) <= (LEVELS[level] ?? 0);

/** The nearest-rank percentile `q` of sorted times. */
const percentile = (sorted: Float64Array, q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

/**
 * The access log. Each answered request is one line (method, address with its secrets redacted,
 * status, time) at `debug`, and a server error's at `error`; at the default level (`info`) the log
 * says, once a minute when there were requests, how many by status class and their p50 and p99 time,
 * so that `npm start`'s output keeps its start-up banner in sight. Use with
 * `logController: requestLogController()`.
 */
export function registerRequestLog(app: FastifyInstance, opts: { summaryEveryMs?: number } = {}): void {
  let window = newWindow();
  const summarise = () => {
    const w = window;
    window = newWindow();
    if (w.count === 0) return;
    const sorted = Float64Array.from(w.ms).sort();
    const p50 = Math.round(percentile(sorted, 0.5) * 10) / 10;
    const p99 = Math.round(percentile(sorted, 0.99) * 10) / 10;
    const classes = w.byClass.map((n, i) => (n > 0 ? `${i + 1}xx ${n}` : '')).filter(Boolean);
    const seconds = Math.max(1, Math.round((performance.now() - w.startedAt) / 1000));
    app.log.info(
      { requests: w.count, byStatus: Object.fromEntries(classes.map((c) => c.split(' '))), p50, p99 },
      `${w.count} request${w.count === 1 ? '' : 's'} in ${seconds} s (${classes.join(', ')}), p50 ${p50} ms, p99 ${p99} ms`,
    );
  };
  const timer = setInterval(summarise, opts.summaryEveryMs ?? 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    summarise();
  });

  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    window.count += 1;
    const cls = Math.min(4, Math.max(0, Math.floor(status / 100) - 1));
    window.byClass[cls] = (window.byClass[cls] ?? 0) + 1;
    if (window.ms.length < MAX_TIMES) window.ms.push(ms);
    const level = status >= 500 ? 'error' : 'debug';
    // The line is built only when it is written (the door's taps come 100 a second).
    if (!writes(request.log, level)) return;
    const line = `${request.method} ${loggedUrl(request)} ${status} ${ms.toFixed(1)} ms`;
    // The request's logger already carries reqId.
    request.log[level]({ status, responseTime: Math.round(ms * 10) / 10 }, line);
  });
}
