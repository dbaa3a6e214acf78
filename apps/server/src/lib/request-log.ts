/**
 * Request logging: one line per request (method, url, status, time) instead of Fastify's two
 * (incoming, completed). On a terminal the lines are readable text (pino-pretty); otherwise, as in
 * production behind a process manager or a log collector, they stay JSON.
 */
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
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

/** Logs each answered request once; use with `logController: requestLogController()`. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const line = `${request.method} ${request.url} ${status} ${ms.toFixed(1)} ms`;
    // The request's logger already carries reqId.
    const fields = { status, responseTime: Math.round(ms * 10) / 10 };
    if (status >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}
