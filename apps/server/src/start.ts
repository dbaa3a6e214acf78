import { performance } from 'node:perf_hooks';
import { PRODUCT_NAME } from '@gym/contract/constants';
import { DEMO_PASSWORD, DEMO_READER_SECRET, DEMO_READERS, DEMO_USERS } from '@gym/contract/demo';
import type { FastifyInstance } from 'fastify';
import { type Config, loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { loggerOptions, prettyLogs } from './lib/request-log.ts';
import { createServer, type RunningServer } from './server.ts';

export interface StartedServer {
  server: RunningServer;
  config: Config;
  /** The address people open (`localhost` for a server listening on every interface). */
  url: string;
}

/**
 * What `npm start` runs (through main.ts): the configuration from the environment, the server with
 * its log on `output` (readable on a terminal, JSON otherwise), listening, then the start-up banner
 * with the address and, for the demo, its logins. A bad variable throws a ConfigError naming it.
 * Tests start it on a database of their own and may add routes (`extend`).
 */
export async function startServer(
  opts: {
    env?: NodeJS.ProcessEnv;
    output?: NodeJS.WritableStream & { isTTY?: boolean };
    database?: Database;
    migrate?: boolean;
    extend?: (app: FastifyInstance, deps: AppDeps) => Promise<void>;
  } = {},
): Promise<StartedServer> {
  const started = performance.now();
  const env = opts.env ?? process.env;
  const output = opts.output ?? process.stdout;
  const config = loadConfig(env);
  const server = await createServer(config, {
    logger: loggerOptions(config.LOG_LEVEL, prettyLogs(output, env), output),
    ...(opts.database ? { database: opts.database } : {}),
    ...(opts.migrate === false ? { migrate: false } : {}),
    ...(opts.extend ? { extend: opts.extend } : {}),
  });
  const { app, deps } = server;
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  output.write(banner(config, deps, url, Math.round(performance.now() - started)));
  return { server, config, url };
}

/** The start-up banner: framed, so that it stands out from the log lines around it. */
function banner(config: Config, deps: AppDeps, url: string, readyMs: number): string {
  const lines = [
    `${PRODUCT_NAME} is running at ${url}`,
    `Database: ${deps.database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `API documentation: ${url}/api/docs`,
    `Links in e-mails: ${config.publicUrl}${config.PUBLIC_URL ? '' : ' (set PUBLIC_URL to change)'}`,
    `Ready in ${readyMs} ms`,
  ];
  if (deps.demo) {
    lines.push('', `Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`  ${u.role.padEnd(11)} ${u.email}`);
    lines.push('', `Demo card readers (secret ${DEMO_READER_SECRET}):`);
    for (const r of DEMO_READERS) lines.push(`  ${r.sn.padEnd(14)} at ${r.centerCode}`);
    lines.push(
      `The door loop: open ${url}/dashboard?reader=${DEMO_READERS[0]!.sn} as front desk, then`,
      `  npm run reader -- --url ${url} --sn ${DEMO_READERS[0]!.sn} --secret ${DEMO_READER_SECRET} --card 0001234567`,
    );
  }
  lines.push(
    '',
    config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace'
      ? 'Every request is logged (LOG_LEVEL=debug).'
      : 'Requests are summed up once a minute; server errors are logged as they happen (LOG_LEVEL=debug logs every request).',
  );
  const rule = '='.repeat(Math.min(100, Math.max(...lines.map((l) => l.length)) + 2));
  return `\n  ${rule}\n${lines.map((l) => (l ? `   ${l}` : '')).join('\n')}\n  ${rule}\n\n`;
}
