/**
 * The handshake `auth: {token, center_id, reader}`: a browser hears its organisation and the one
 * centre it is at, which must be a centre its user may see; a briefly dropped browser gets what it
 * missed. Over real connections.
 */
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { handshake as handshakeWith } from '../test/sockets.ts';

let ctx: TestContext;
let address = '';

beforeAll(async () => {
  ctx = await createTestContext();
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

type Handshake = { token: string; center_id?: string; reader?: string };

/** Connects; answers the socket and every message it hears. */
async function open(auth: Handshake, opts: { reconnection?: boolean } = {}) {
  const socket = connect(address, {
    auth,
    transports: ['websocket'],
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
  });
  sockets.push(socket);
  const heard: Record<string, unknown>[] = [];
  socket.on(REALTIME_EVENT, (m: string) => heard.push(JSON.parse(m)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

/** What the server answers a new connection: 'connected' or the refusal's code. */
const handshake = (auth: Handshake) => handshakeWith(address, auth);

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('a browser hears the one centre it is at', () => {
  it('a browser hears its own reader’s scans at its centre only: never another centre’s, even when its user may see both', async () => {
    const org = await ctx.newOrganisation();
    const [cwb, mk] = org.centers.map((c) => c.id) as [string, string];
    const admin = await (await org.newUser({ role: 'admin' })).login();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/readers',
      headers: ctx.bearer(admin),
      payload: { centerId: cwb, name: 'Door', sn: `CWB-${org.initial}` },
    });
    const { reader, secret } = created.json() as { reader: { sn: string }; secret: string };
    const atCwb = await open({ token: admin.accessToken, center_id: cwb, reader: reader.sn });
    // Another browser at CWB with another reader (or none) is not sent this reader's scans: it would not act on them.
    const deskAtCwb = await open({ token: admin.accessToken, center_id: cwb, reader: 'OTHER-READER' });
    const atMk = await open({ token: admin.accessToken, center_id: mk, reader: reader.sn });
    const nowhere = await open({ token: admin.accessToken });

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro/readers/${reader.sn}/scans`,
      headers: { 'x-reader-secret': secret },
      payload: { scanId: 'scan-rooms-1', card: '0001234567', at: new Date().toISOString() },
    });
    expect(res.json().accepted).toBe(true);
    expect(await until(() => atCwb.heard.length > 0)).toBe(true);
    expect(atCwb.heard).toEqual([
      expect.objectContaining({ center_id: cwb, action: 'scan', reader: reader.sn, scan_id: 'scan-rooms-1' }),
    ]);
    // The organisation's own messages still reach every browser of it.
    ctx.deps.events.publish('realtime.organisation', { organisationId: org.id, payload: { action: 'org-wide' } });
    expect(await until(() => atMk.heard.length > 0 && nowhere.heard.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(atMk.heard).toEqual([{ action: 'org-wide' }]);
    expect(nowhere.heard).toEqual([{ action: 'org-wide' }]);
    expect(deskAtCwb.heard).toEqual([{ action: 'org-wide' }]);
  });

  it('is refused for a centre its user may not see, another organisation’s, or a malformed one', async () => {
    const org = await ctx.newOrganisation();
    const [a, b] = org.centers.map((c) => c.id) as [string, string];
    const local = await (await org.newUser({ role: 'frontdesk', centerIds: [b] })).login();
    const other = await ctx.newOrganisation();
    expect(await handshake({ token: local.accessToken, center_id: a })).toBe('center_forbidden');
    expect(await handshake({ token: local.accessToken, center_id: other.centers[0]!.id })).toBe('center_forbidden');
    expect(await handshake({ token: local.accessToken, center_id: 'CWB' })).toBe('center_forbidden');
    expect(await handshake({ token: local.accessToken, center_id: b })).toBe('connected');
    expect(await handshake({ token: local.accessToken })).toBe('connected');
    // A bad token is refused before the centre is looked at.
    expect(await handshake({ token: 'nope', center_id: b })).toBe('token_invalid');
  });

  it('a connection that drops for a moment is recovered, keeps its centre and gets what it missed', async () => {
    const org = await ctx.newOrganisation();
    const [a, b] = org.centers.map((c) => c.id) as [string, string];
    const desk = await (await org.newUser({ role: 'frontdesk' })).login();
    const { socket, heard } = await open({ token: desk.accessToken, center_id: a }, { reconnection: true });
    const send = (centerId: string, n: number) =>
      ctx.deps.events.publish('realtime.center', {
        organisationId: org.id,
        centerId,
        payload: { center_id: centerId, action: 'entry', n },
      });
    send(a, 1);
    expect(await until(() => heard.length === 1)).toBe(true);

    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    socket.io.engine.close();
    await gone;
    send(a, 2);
    send(b, 99);
    send(a, 3);
    await back;
    expect(socket.recovered).toBe(true);
    expect(await until(() => heard.length === 3)).toBe(true);
    send(a, 4);
    send(b, 100);
    expect(await until(() => heard.length === 4)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.map((m) => m.n)).toEqual([1, 2, 3, 4]);
  });
});
