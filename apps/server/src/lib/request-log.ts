/**
 * Request logging: one line per request (method, url, status, time) instead of Fastify's two
 * (incoming, completed). On a terminal the lines are readable text (pino-pretty); otherwise, as in
 * production behind a process manager or a log collector, they stay JSON.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** Readable lines when a person watches the output (a terminal), JSON for machines. */
export function prettyLogs(output: { isTTY?: boolean }, env: { LOG_FORMAT?: string | undefined } = {}): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return output.isTTY === true;
}

export function loggerOptions(level: string, pretty: boolean): FastifyServerOptions['logger'] {
  return pretty
    ? {
        level,
        transport: {
          target: 'pino-pretty',
          options: { ignore: 'pid,hostname,reqId,req,res,responseTime', translateTime: 'HH:MM:ss', singleLine: true },
        },
      }
    : { level };
}

/** Logs each answered request once; use with `disableRequestLogging: true`. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const line = `${request.method} ${request.url} ${status} ${ms.toFixed(1)} ms`;
    const fields = { reqId: request.id, status, responseTime: Math.round(ms * 10) / 10 };
    if (status >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}
