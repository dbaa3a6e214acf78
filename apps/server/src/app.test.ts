import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_VERSION } from '@gym/contract/constants';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createTestContext, type TestContext } from './test/harness.ts';

let ctx: TestContext;
const web = mkdtempSync(join(tmpdir(), 'gym-web-'));
// Fastify's deprecation and misuse warnings (FSTDEP..., FSTWRN...) raised while the app is built.
const fastifyWarnings: string[] = [];
process.on('warning', (w: Error & { code?: string }) => {
  if (w.code?.startsWith('FST')) fastifyWarnings.push(`${w.code}: ${w.message}`);
});

beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  // What a Vite build holds: content-hashed files under assets/, and files whose name stays the same
  // from one build to the next (the page, the public folder's icons and texts).
  writeFileSync(join(web, 'assets', 'index-B3xQ9zA1.js'), 'console.log(2)');
  writeFileSync(join(web, 'assets', 'index-Cq7_Rk2-.css'), 'body{}');
  writeFileSync(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *');
  ctx = await createTestContext({ WEB_DIST: web });
});
afterAll(() => ctx?.close());

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '20' })).toThrow(
      /REQUEST_TIMEOUT_SECONDS: must be at least HEADERS_TIMEOUT_SECONDS/,
    );
  });
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });
});

describe('HTTP surface', () => {
  it('builds without a Fastify deprecation warning', () => {
    expect(fastifyWarnings).toEqual([]);
  });

  it('reports health with the product version', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: APP_VERSION, demo: false });
    // The API's answers carry the same security headers as the pages, request after request.
    for (let i = 0; i < 2; i++) {
      const again = await ctx.app.inject('/api/health');
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      expect(again.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(String(again.headers['content-security-policy'])).toContain("default-src 'self'");
    }
  });

  it('serves the web app for any path, with a strict Content-Security-Policy', async () => {
    for (const path of ['/', '/student-list', '/report/center-Sales.vue', '/no/such/page']) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Receipts print from a hidden frame holding the PDF under a blob: URL; nothing else may be framed.
      expect(csp).toContain("frame-src 'self' blob:");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await ctx.app.inject('/assets/app.js')).statusCode).toBe(200);
    expect((await ctx.app.inject('/assets/missing.js')).statusCode).toBe(404);
    // A file removed after start (the web app rebuilt while running) is a 404, not a server error.
    writeFileSync(join(web, 'assets', 'old.js'), 'old');
    expect((await ctx.app.inject('/assets/old.js')).statusCode).toBe(200);
    rmSync(join(web, 'assets', 'old.js'));
    expect((await ctx.app.inject('/assets/old.js')).statusCode).toBe(404);
  });

  it('lets a browser keep only content-hashed files for good: every other file of the web app is asked again', async () => {
    // Every file of the web app's build, by its address: a file whose name carries its content's hash
    // may be kept a year unchanged; any other (index.html, an icon) must not outlive a deploy.
    const hashed = /^\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
    const files: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}/${entry.name}`);
        else files.push(`${prefix}/${entry.name}`);
      }
    };
    walk(web, '');
    expect(files).toContain('/index.html');
    const seen: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const path of [...files, '/', '/student-list']) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      seen[path] = String(res.headers['cache-control']);
      expected[path] = hashed.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
    }
    expect(seen).toEqual(expected);
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await ctx.app.inject('/api/v1/pro/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('publishes an OpenAPI document describing every route', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of ctx.app.routeRegistry) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/jwt/login']?.post).toMatchObject({ requestBody: expect.anything() });
  });

  it('accepts a trailing slash as the spec writes paths', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login/',
      payload: { email: 'x@y.test', password: 'p' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('centres', () => {
  it('lists only the centres a staff member may work in', async () => {
    const org = await ctx.newOrganisation();
    const all = await (await org.newUser({ role: 'manager' })).login();
    const one = await (await org.newUser({ role: 'frontdesk', centerIds: [org.centers[1]!.id] })).login();
    const list = async (t: { accessToken: string }) =>
      (await ctx.app.inject({ url: '/api/v1/pro/centers/switcher', headers: ctx.bearer(t) }))
        .json()
        .items.map((c: { code: string }) => c.code);
    expect(await list(all)).toEqual(['A', 'B']);
    expect(await list(one)).toEqual(['B']);
    expect(one.userData.centerIds).toEqual([org.centers[1]!.id]);
  });
});

describe('realtime gateway', () => {
  it('refuses a socket without a valid token and delivers centre events as JSON strings on `data`', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const org = await ctx.newOrganisation();
    const limited = await (await org.newUser({ role: 'frontdesk', centerIds: [org.centers[0]!.id] })).login();

    const refused = await new Promise<string>((resolve) => {
      const s = connect(address, { auth: { token: 'nope' }, transports: ['websocket'], reconnection: false });
      s.on('connect_error', (e) => {
        s.close();
        resolve(e.message);
      });
    });
    expect(refused).toBe('unauthenticated');

    const socket: Socket = connect(address, {
      auth: { token: limited.accessToken, center_id: org.centers[0]!.id },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received: string[] = [];
    socket.on(REALTIME_EVENT, (msg: string) => received.push(msg));
    await new Promise((r) => setTimeout(r, 100));
    const payload = { center_id: org.centers[0]!.id, action: 'entry', message: 'Welcome', icon: 'check' };
    ctx.deps.events.publish('realtime.center', { organisationId: org.id, centerId: org.centers[0]!.id, payload });
    // Another centre's event: this front desk is not there, nothing arrives.
    ctx.deps.events.publish('realtime.center', {
      organisationId: org.id,
      centerId: org.centers[1]!.id,
      payload: { ...payload, center_id: org.centers[1]!.id },
    });
    await new Promise((r) => setTimeout(r, 300));
    socket.close();
    expect(received).toHaveLength(1);
    expect(typeof received[0]).toBe('string');
    expect(JSON.parse(received[0]!)).toEqual(payload);
  });

  it('brings a public registration to the browsers of its centre after the commit, through the outbox', async () => {
    const address = ctx.app.server.listening
      ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const org = await ctx.newOrganisation();
    const desk = await (await org.newUser({ role: 'frontdesk', centerIds: [org.centers[0]!.id] })).login();
    const socket: Socket = connect(address, {
      auth: { token: desk.accessToken, center_id: org.centers[0]!.id },
      transports: ['websocket'],
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received: string[] = [];
    const arrived = new Promise<void>((resolve) =>
      socket.on(REALTIME_EVENT, (msg: string) => {
        received.push(msg);
        resolve();
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/public/register/${org.initial}/A`,
      payload: {
        firstName: 'Mei',
        lastName: 'Lam',
        phone: '+852 6000 1234',
        email: 'mei@example.com',
        language: 'en',
        privacyAccepted: true,
      },
      remoteAddress: '192.0.2.44',
    });
    expect(res.statusCode, res.body).toBe(201);
    // No drain here: the commit wakes the server's dispatcher, which fans the message out.
    await arrived;
    socket.close();
    expect(JSON.parse(received[0]!)).toMatchObject({
      action: 'member.registered',
      center_id: org.centers[0]!.id,
      message: 'New online registration: Mei Lam',
    });
  });
});
