/**
 * What a person running `npm start` sees: the start-up banner, then at the default level no line per
 * answered request (a busy desk made 11,000 lines in 40 minutes and the banner scrolled away), the
 * error of a request that failed, and a summary of the requests. Started as main.ts starts it.
 */
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './lib/errors.ts';
import { type StartedServer, startServer } from './start.ts';
import { openTestDatabase } from './test/harness.ts';
import { logLines } from './test/log-lines.ts';

const { lines, stream } = logLines();
let started: StartedServer;
let closeDatabase: () => Promise<void>;
const text = () => lines.map((l) => stripVTControlCharacters(l));

beforeAll(async () => {
  const database = await openTestDatabase();
  closeDatabase = () => database.close();
  started = await startServer({
    // npm start's environment on a terminal, with no LOG_LEVEL: the default level.
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ARGON2_MEMORY_KIB: '1024',
      DATA_DIR: '/nonexistent',
      LOG_FORMAT: 'pretty',
    },
    output: stream,
    database,
    migrate: false,
    extend: async (app) => {
      app.get('/api/test-only/boom', { config: { access: { public: true } } }, async () => {
        throw new Error('the disk is on fire');
      });
      app.get('/api/test-only/refused', { config: { access: { public: true } } }, async () => {
        throw new AppError(409, 'conflict', 'refused');
      });
    },
  });
});
afterAll(async () => {
  await started?.server.close();
  await closeDatabase?.();
});

/** Waits until a line of the log matches, or fails naming what the log holds. */
async function lineLike(pattern: RegExp): Promise<string> {
  const end = Date.now() + 5000;
  for (;;) {
    const found = text().find((l) => pattern.test(l));
    if (found) return found;
    if (Date.now() > end) throw new Error(`no line like ${pattern} in:\n${text().join('\n')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('npm start’s output at the default level', () => {
  it('shows the banner with the address, framed', () => {
    const out = text().join('\n');
    expect(out).toMatch(/={20,}\n {3}\S.* is running at http:\/\/127\.0\.0\.1:\d+\n/);
    expect(out).toContain('LOG_LEVEL=debug logs every request');
  });

  it('writes no line for answered requests, the error of a request that failed, and a summary on close', async () => {
    const before = lines.length;
    for (let i = 0; i < 5; i++) expect((await fetch(`${started.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${started.url}/api/test-only/refused`)).status).toBe(409);
    expect((await fetch(`${started.url}/api/test-only/boom`)).status).toBe(500);
    expect(await lineLike(/ERROR.*GET \/api\/test-only\/boom 500/)).toBeTruthy();
    expect(await lineLike(/ERROR.*unhandled error/)).toBeTruthy();
    expect(text().join('\n')).toContain('the disk is on fire');
    const added = text().slice(before);
    expect(added.filter((l) => /\/api\/health|\/api\/test-only\/refused/.test(l))).toEqual([]);
    await started.server.close();
    expect(
      await lineLike(/INFO.*7 requests in \d+ s \(2xx 5, 4xx 1, 5xx 1\), p50 [\d.]+ ms, p99 [\d.]+ ms/),
    ).toBeTruthy();
  });
});
