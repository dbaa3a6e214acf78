import { performance } from 'node:perf_hooks';
import { PRODUCT_NAME } from '@gym/contract/constants';
import { DEMO_PASSWORD, DEMO_READER_SECRET, DEMO_READERS, DEMO_USERS } from '@gym/contract/demo';
import { ConfigError, loadConfig } from './config.ts';
import { loggerOptions, prettyLogs } from './lib/request-log.ts';
import { createServer } from './server.ts';

const started = performance.now();

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const server = await createServer(config, {
    logger: loggerOptions(config.LOG_LEVEL, prettyLogs(process.stdout, process.env)),
  });
  const { app, deps } = server;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `  ${PRODUCT_NAME} is running at ${url}`,
    `  Database: ${deps.database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API documentation: ${url}/api/docs`,
    `  Links in e-mails: ${config.publicUrl}${config.PUBLIC_URL ? '' : ' (set PUBLIC_URL to change)'}`,
    `  Ready in ${Math.round(performance.now() - started)} ms`,
  ];
  if (deps.demo) {
    lines.push('', `  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`    ${u.role.padEnd(11)} ${u.email}`);
    lines.push('', `  Demo card readers (secret ${DEMO_READER_SECRET}):`);
    for (const r of DEMO_READERS) lines.push(`    ${r.sn.padEnd(14)} at ${r.centerCode}`);
    lines.push(
      `  The door loop: open ${url}/dashboard?reader=${DEMO_READERS[0]!.sn} as front desk, then`,
      `    npm run reader -- --url ${url} --sn ${DEMO_READERS[0]!.sn} --secret ${DEMO_READER_SECRET} --card 0001234567`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
