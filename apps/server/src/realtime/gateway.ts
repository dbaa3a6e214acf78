import { REALTIME_EVENT } from '@gym/contract/realtime';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Server } from 'socket.io';
import { centers } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { authenticate } from '../modules/auth/index.ts';

export const orgRoom = (organisationId: string) => `org:${organisationId}`;
export const centerRoom = (centerId: string) => `center:${centerId}`;
/** The browsers at a centre that own one of its readers (a serial number is unique in its organisation). */
export const readerRoom = (centerId: string, sn: string) => `reader:${centerId}:${sn}`;
/** After Redis is back, how long the adapter is given to read on before the browsers are told to catch up. */
const RESYNC_AFTER_MS = 1_000;
/** The tablets at a centre signed in under one pad name (`/epad/{id}`): the documents sent to them. */
export const padRoom = (centerId: string, padId: string) => `pad:${centerId}:${padId}`;
/** One room per sign-in (session family) and per user: a revocation closes their sockets. */
export const familyRoom = (familyId: string) => `family:${familyId}`;
export const userRoom = (userId: string) => `user:${userId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** When the access token a socket connected with expires (seconds since the epoch), if it says. */
function expiryOf(token: string): number | undefined {
  try {
    const exp = decodeJwt(token).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one Socket.IO gateway. A browser connects with `auth: {token, center_id, reader}`: its access
 * token, the one centre it is at and the reader it owns. It joins its organisation's room and the
 * room of that one centre, which must be a centre the user may see (refused with `center_forbidden`
 * otherwise), and there the room of the reader it owns, whose scans only it is sent; without
 * `center_id` it joins no centre room. The centre's room needs `read Entry` (it carries the door's
 * live feed) and the reader's `create Entry`, as the routes that read and record entries do. So a front desk at one centre never hears
 * another centre's taps, even when its user may see both. Domain events become `data` messages (a JSON string, as
 * the spec's clients expect). With REDIS_URL, a Redis streams adapter carries messages between API
 * servers; connection-state recovery replays what a briefly dropped browser missed.
 *
 * A socket lives no longer than its session: it is closed when its access token expires (the
 * browser refreshes the token and connects again), and at once when its session family is revoked
 * or its user changes (deactivation, role, centres): every server hears of the change through the
 * session cache's notification and closes its own sockets in the family's or user's room.
 */
interface SocketAuth {
  userId: string;
  organisationId: string;
  centerIds: string[] | null;
  familyId: string;
  expiresAt?: number;
}

export async function attachRealtime(app: FastifyInstance, deps: AppDeps) {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    cors: { origin: false },
  });

  let redisClient: { quit(): Promise<unknown>; destroy(): void; isOpen: boolean } | null = null;
  if (deps.config.REDIS_URL) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    // Redis only carries events between servers: while it is away each server goes on serving its
    // own browsers (`/api/health` says `degraded`). Publishing fails at once instead of waiting in
    // the client's queue (a broadcast is delivered here after its publish is answered), and the
    // client reconnects on its own; the adapter reads the stream on a copy that waits for Redis.
    const client = createClient({
      url: deps.config.REDIS_URL,
      disableOfflineQueue: true,
      socket: { reconnectStrategy: (retries: number) => Math.min(250 * (retries + 1), 2_000) },
    });
    // The adapter sends some writes without waiting for them (a leaving browser's session kept for
    // its return, a message no one awaits): while Redis is away they fail, and must not be left as
    // rejections nobody handles (which end the process).
    for (const name of ['set', 'publish', 'sPublish'] as const) {
      const send = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => send(...args).catch(() => null);
    }
    const duplicate = client.duplicate.bind(client);
    client.duplicate = ((overrides?: object) =>
      duplicate({ ...overrides, disableOfflineQueue: false })) as typeof client.duplicate;
    // Events the other servers sent while Redis was away never reach this server's browsers: once it
    // is back, they are closed (after the adapter has read on) and connect afresh, which makes each
    // catch up as after any fresh connection (a reader's browser asks for its unanswered scans).
    let missedSince: number | null = null;
    client.on('ready', () => {
      if (!deps.interServer.up) app.log.info('Redis reached: events go between servers');
      deps.interServer.up = true;
      if (missedSince !== null) {
        missedSince = null;
        setTimeout(() => {
          if (!deps.interServer.up) return;
          app.log.info('Redis back: this server’s browsers connect afresh to catch up on what they missed');
          io.local.disconnectSockets(true);
        }, RESYNC_AFTER_MS).unref();
      }
    });
    client.on('error', (err: Error) => {
      if (deps.interServer.up)
        app.log.warn({ err }, 'Redis lost: this server serves its own browsers until it is back');
      deps.interServer.up = false;
      missedSince ??= Date.now();
    });
    await Promise.race([client.connect(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]).catch(
      () => {},
    );
    if (!deps.interServer.up)
      app.log.warn('Redis not reached at start: this server serves its own browsers until it is');
    redisClient = client;
    io.adapter(createAdapter(client));
  }

  io.use(async (socket, next) => {
    const handshake = (socket.handshake.auth ?? {}) as {
      token?: unknown;
      center_id?: unknown;
      reader?: unknown;
      pad?: unknown;
    };
    let auth: Awaited<ReturnType<typeof authenticate>>;
    try {
      const { token } = handshake;
      auth = await authenticate(deps, typeof token === 'string' ? `Bearer ${token}` : undefined);
      socket.data.auth = {
        userId: auth.userId,
        organisationId: auth.organisationId,
        centerIds: auth.centerIds,
        familyId: auth.familyId,
        expiresAt: typeof token === 'string' ? expiryOf(token) : undefined,
      } satisfies SocketAuth;
    } catch (err) {
      return next(Object.assign(new Error('unauthenticated'), { data: { error: (err as { code?: string }).code } }));
    }
    try {
      // The one centre this browser is at: a centre of the organisation the user may see, or none.
      const centerId = handshake.center_id;
      if (centerId === undefined || centerId === null || centerId === '') {
        socket.data.centerId = null;
      } else if (typeof centerId === 'string' && (await mayWatchCenter(auth, centerId))) {
        socket.data.centerId = centerId;
      } else {
        return next(Object.assign(new Error('center_forbidden'), { data: { error: 'center_forbidden' } }));
      }
      // The reader this browser owns (`?reader=`): at its centre, it is sent that reader's scans.
      const { reader } = handshake;
      socket.data.reader = typeof reader === 'string' && reader.length > 0 ? reader.slice(0, 64) : null;
      // The signing tablet this browser is (`/epad/{id}`): at its centre, it hears the documents sent to it.
      const { pad } = handshake;
      socket.data.pad = typeof pad === 'string' && pad.length > 0 && pad.length <= 64 ? pad : null;
      // A centre's room carries its door feed (names, card numbers, days left): the rule of
      // `GET /pro/entries`. A reader's room carries its scans, which only a browser that records
      // entries acts on. Without the permission the socket connects but does not join the room
      // (its session's and organisation's rooms still reach it), so a trainer's or an outside
      // account's browser that names a centre or a reader hears nothing of either.
      socket.data.hearsEntries = auth.ability.can('read', 'Entry');
      socket.data.hearsScans = auth.ability.can('create', 'Entry');
      // A tablet opens what it is sent with `create Signature` (the route that hands it a signing token).
      socket.data.hearsPad = auth.ability.can('create', 'Signature');
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  async function mayWatchCenter(auth: { organisationId: string; centerIds: string[] | null }, centerId: string) {
    if (!UUID.test(centerId)) return false;
    if (auth.centerIds && !auth.centerIds.includes(centerId)) return false;
    const [center] = await deps.database.db
      .select({ id: centers.id })
      .from(centers)
      .where(and(eq(centers.id, centerId), eq(centers.organisationId, auth.organisationId)));
    return center !== undefined;
  }

  io.on('connection', (socket) => {
    const { userId, organisationId, familyId, expiresAt } = socket.data.auth as SocketAuth;
    if (expiresAt !== undefined) {
      // The browser connects again with a fresh token (refreshing it first when refused).
      const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt * 1000 - Date.now()));
      socket.on('disconnect', () => clearTimeout(expiry));
    }
    // A recovered socket got its rooms back (and is sent what it missed); it always joins its
    // session's rooms (revocation must reach it), and the one centre room it asked for now: a
    // browser that moved centre while away leaves the old one.
    const centerId = socket.data.hearsEntries ? (socket.data.centerId as string | null) : null;
    const reader = socket.data.hearsScans ? (socket.data.reader as string | null) : null;
    const padId = socket.data.hearsPad ? (socket.data.pad as string | null) : null;
    const place = socket.data.centerId as string | null;
    const wanted = [
      ...(centerId ? [centerRoom(centerId), ...(reader ? [readerRoom(centerId, reader)] : [])] : []),
      ...(place && padId ? [padRoom(place, padId)] : []),
    ];
    for (const room of socket.rooms)
      if (/^(center|reader|pad):/.test(room) && !wanted.includes(room)) socket.leave(room);
    socket.join([familyRoom(familyId), userRoom(userId), orgRoom(organisationId), ...wanted]);
  });

  const unsubscribe = [
    deps.sessions.onChange((change) => {
      // Every server hears every change: each closes its own sockets (no adapter round trip needed).
      const rooms = [...(change.families ?? []).map(familyRoom), ...(change.users ?? []).map(userRoom)];
      if (rooms.length > 0) io.local.in(rooms).disconnectSockets(true);
    }),
    deps.events.subscribe('realtime.center', (e) => {
      io.to(centerRoom(e.centerId)).emit(REALTIME_EVENT, JSON.stringify(e.payload));
    }),
    deps.events.subscribe('realtime.reader', (e) => {
      io.to(readerRoom(e.centerId, e.sn)).emit(REALTIME_EVENT, JSON.stringify(e.payload));
    }),
    deps.events.subscribe('realtime.pad', (e) => {
      io.to(padRoom(e.centerId, e.padId)).emit(REALTIME_EVENT, JSON.stringify(e.payload));
    }),
    deps.events.subscribe('realtime.organisation', (e) => {
      io.to(orgRoom(e.organisationId)).emit(REALTIME_EVENT, JSON.stringify(e.payload));
    }),
  ];

  return {
    io,
    async close() {
      for (const off of unsubscribe) off();
      await io.close();
      if (redisClient?.isOpen) await redisClient.quit().catch(() => redisClient?.destroy());
      else redisClient?.destroy();
    },
  };
}
