/**
 * A socket lives no longer than its session: sign-out, deactivation, a password change (for the
 * other sessions), a role change and the access token's expiry close it, over a real connection.
 */
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../test/harness.ts';
import { handshake as handshakeWith } from '../test/sockets.ts';

let ctx: TestContext;
let address = '';

beforeAll(async () => {
  ctx = await createTestContext();
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx?.close());

const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});

async function open(base: string, token: string): Promise<Socket> {
  const socket = connect(base, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

/** The reason the socket was closed, or 'still connected' after `ms`. */
function closed(socket: Socket, ms = 3000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already closed');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** What the server answers a new connection with this token: 'connected' or the refusal's code. */
const handshake = (base: string, token: string) => handshakeWith(base, { token });

const req = (method: 'POST' | 'PATCH', url: string, token: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });

describe('a socket closes with its session', () => {
  it('sign-out closes the socket at once, and it receives no later event of the organisation', async () => {
    const org = await ctx.newOrganisation();
    const user = await org.newUser({ role: 'frontdesk' });
    const session = await user.login();
    const other = await user.login();
    const socket = await open(address, session.accessToken);
    const bystander = await open(address, other.accessToken);
    const received: string[] = [];
    socket.on(REALTIME_EVENT, (m: string) => received.push(m));

    const gone = closed(socket);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await gone).toBe('io server disconnect');

    const heard = new Promise<string>((resolve) => bystander.once(REALTIME_EVENT, resolve));
    ctx.deps.events.publish('realtime.organisation', { organisationId: org.id, payload: { action: 'after' } });
    // The other sign-in of the same person is untouched and still hears the organisation.
    expect(JSON.parse(await heard)).toEqual({ action: 'after' });
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([]);
    expect(await handshake(address, session.accessToken)).toBe('token_invalid');
  });

  it('deactivation by a manager closes every socket of the person', async () => {
    const org = await ctx.newOrganisation();
    const manager = await (await org.newUser({ role: 'manager' })).login();
    const target = await org.newUser({ role: 'frontdesk' });
    const first = await open(address, (await target.login()).accessToken);
    const second = await open(address, (await target.login()).accessToken);
    const gone = [closed(first), closed(second)];
    expect((await req('POST', `/pro/staff/${target.id}/deactivate`, manager.accessToken)).statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('a password change closes the other sessions’ sockets and keeps this one', async () => {
    const org = await ctx.newOrganisation();
    const user = await org.newUser({ role: 'manager' });
    const here = await user.login();
    const elsewhere = await user.login();
    const kept = await open(address, here.accessToken);
    const other = await open(address, elsewhere.accessToken);
    const gone = closed(other);
    const res = await req('POST', '/pro/me/password', here.accessToken, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await gone).toBe('io server disconnect');
    expect(await closed(kept, 300)).toBe('still connected');
  });

  it('a role change closes the socket; connecting again joins with the new rights', async () => {
    const org = await ctx.newOrganisation();
    const admin = await (await org.newUser({ role: 'admin' })).login();
    const target = await org.newUser({ role: 'frontdesk' });
    const session = await target.login();
    const socket = await open(address, session.accessToken);
    const gone = closed(socket);
    const res = await req('PATCH', `/pro/staff/${target.id}`, admin.accessToken, { role: 'manager' });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(await handshake(address, session.accessToken)).toBe('connected');
  });
});

describe('a socket closes when its access token expires', () => {
  it('is closed at expiry, and the expired token is refused on reconnection', async () => {
    const short = await createTestContext({ ACCESS_TOKEN_TTL_SECONDS: '2' });
    try {
      const base = await short.app.listen({ port: 0, host: '127.0.0.1' });
      const org = await short.newOrganisation();
      const session = await (await org.newUser({ role: 'admin' })).login();
      const socket = await open(base, session.accessToken);
      const started = Date.now();
      expect(await closed(socket, 5000)).toBe('io server disconnect');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await handshake(base, session.accessToken)).toBe('token_expired');
      // A fresh token (what the browser gets from its refresh) connects again.
      const refreshed = await short.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/refresh-token',
        payload: { refreshToken: session.refreshToken },
      });
      expect(await handshake(base, refreshed.json().accessToken)).toBe('connected');
    } finally {
      await short.close();
    }
  });
});

describe('the session cache follows every change', () => {
  it('GET /me shows a renamed person and organisation from the next request', async () => {
    const org = await ctx.newOrganisation();
    const admin = await (await org.newUser({ role: 'admin' })).login();
    const person = await org.newUser({ role: 'frontdesk' });
    const session = await person.login();
    const me = async () => (await ctx.app.inject({ url: '/api/v1/pro/me', headers: ctx.bearer(session) })).json();
    expect((await me()).fullName).toBe(`frontdesk of ${org.initial}`);
    expect((await req('PATCH', `/pro/staff/${person.id}`, admin.accessToken, { fullName: 'Renamed' })).statusCode).toBe(
      200,
    );
    expect((await me()).fullName).toBe('Renamed');
    expect((await req('PATCH', '/pro/config', admin.accessToken, { organisationName: 'New Name' })).statusCode).toBe(
      200,
    );
    expect((await me()).organisation.name).toBe('New Name');
    expect((await req('PATCH', '/pro/me', session.accessToken, { fullName: 'Own Choice' })).statusCode).toBe(200);
    expect((await me()).fullName).toBe('Own Choice');
    const limited = await req('PATCH', `/pro/staff/${person.id}`, admin.accessToken, {
      allCenters: false,
      centerIds: [org.centers[1]!.id],
    });
    expect(limited.statusCode).toBe(200);
    expect((await me()).centerIds).toEqual([org.centers[1]!.id]);
  });
});
