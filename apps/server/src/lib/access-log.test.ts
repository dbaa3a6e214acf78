/**
 * The access log (one line per request) names what was asked without the secrets a path or query
 * carries: a card-link token lets anyone attach a card for 48 h, a card number opens the door,
 * a search keyword is a member's name or phone. Over the real app and its logger.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { createServer, type RunningServer } from '../server.ts';
import { openTestDatabase, TEST_SETTINGS } from '../test/harness.ts';
import { logLines } from '../test/log-lines.ts';
import { LOGGED_PATH_PARAMS, LOGGED_QUERY_KEYS } from './request-log.ts';

let server: RunningServer;
const { lines, stream } = logLines();
let closeDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  closeDatabase = () => database.close();
  const config = loadConfig(TEST_SETTINGS);
  server = await createServer(config, { database, logger: { level: 'debug', stream } as never, migrate: false });
});
afterAll(async () => {
  await server?.close();
  await closeDatabase?.();
});

/** The access-log lines written for the requests `send` makes. */
async function logOf(send: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await send();
  await new Promise((r) => setImmediate(r));
  return lines
    .slice(from)
    .filter((l) => /"msg":"(GET|POST|PUT|PATCH|DELETE) /.test(l))
    .join('\n');
}

describe('the access log', () => {
  it('shows a card link’s centre but not its token, and a door tap’s route but not the card number', async () => {
    const centre = randomUUID();
    const token = 'Zq3v9X1b2N4m6K8p0R2t4W6y8A0c2E4g6I8k0M2o4Q6';
    const link = await logOf(() => server.app.inject(`/api/v1/public/card-link/${centre}/${token}`));
    expect(link).toContain(`/api/v1/public/card-link/${centre}/[redacted]`);
    expect(link).not.toContain(token);

    const tap = await logOf(() =>
      server.app.inject({ method: 'POST', url: '/api/v1/pro/card/0001234567/entry/', payload: {} }),
    );
    expect(tap).toContain('/api/v1/pro/card/[redacted]/entry');
    expect(tap).not.toContain('0001234567');
  });

  it('shows no token of a page link and no search keyword', async () => {
    const token = 'Hh7Jj8Kk9Ll0Mm1Nn2Oo3Pp4Qq5Rr6Ss7Tt8Uu9Vv0W';
    const page = await logOf(async () => {
      await server.app.inject(`/card_link/${randomUUID()}/${token}/`);
      await server.app.inject(`/reset-password-v1?token=${token}`);
    });
    expect(page).toContain('/card_link/');
    expect(page).not.toContain(token);

    const search = await logOf(() => server.app.inject('/api/v1/pro/students?keyword=91234567&page=2'));
    expect(search).toContain('keyword=[redacted]');
    expect(search).toContain('page=2');
    expect(search).not.toContain('91234567');
  });

  it('never shows a path parameter or query value of any route unless it is an id or another harmless name', async () => {
    const secrets: string[] = [];
    const requests: { method: string; url: string; kept: string[] }[] = [];
    for (const route of server.app.routeRegistry) {
      const kept: string[] = [];
      const path = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
        if (LOGGED_PATH_PARAMS.has(name)) {
          const id = randomUUID();
          kept.push(id);
          return id;
        }
        const secret = `S${secrets.length}x${randomUUID().slice(0, 8)}`;
        secrets.push(secret);
        return secret;
      });
      const keys = route.schemas.querystring
        ? Object.keys(
            (
              z.toJSONSchema(route.schemas.querystring as z.ZodType, { unrepresentable: 'any', io: 'input' }) as {
                properties?: object;
              }
            ).properties ?? {},
          )
        : [];
      const query = keys.map((key) => {
        if (LOGGED_QUERY_KEYS.has(key)) return `${key}=1`;
        const secret = `Q${secrets.length}x${randomUUID().slice(0, 8)}`;
        secrets.push(secret);
        return `${key}=${secret}`;
      });
      requests.push({ method: route.method, url: query.length ? `${path}?${query.join('&')}` : path, kept });
    }
    expect(secrets.length).toBeGreaterThan(5);
    const log = await logOf(async () => {
      for (const r of requests) await server.app.inject({ method: r.method as 'GET', url: r.url });
    });
    expect(secrets.filter((s) => log.includes(s))).toEqual([]);
    // The ids are still there to follow a request.
    expect(requests.flatMap((r) => r.kept).filter((id) => !log.includes(id))).toEqual([]);
  });
});
