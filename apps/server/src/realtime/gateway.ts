import { REALTIME_EVENT } from '@gym/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Server } from 'socket.io';
import type { AppDeps } from '../deps.ts';
import { authenticate } from '../modules/auth/index.ts';

export const orgRoom = (organisationId: string) => `org:${organisationId}`;
export const centerRoom = (centerId: string) => `center:${centerId}`;
/** One room per sign-in (session family) and per user: a revocation closes their sockets. */
export const familyRoom = (familyId: string) => `family:${familyId}`;
export const userRoom = (userId: string) => `user:${userId}`;

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
 * The one Socket.IO gateway. A browser connects with its access token; it joins its organisation's
 * room and one room per centre it may see. Domain events become `data` messages (a JSON string, as
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

  let redisClient: { quit(): Promise<unknown> } | null = null;
  if (deps.config.REDIS_URL) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    const client = createClient({ url: deps.config.REDIS_URL });
    await client.connect();
    redisClient = client;
    io.adapter(createAdapter(client));
  }

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown })?.token;
      const auth = await authenticate(deps, typeof token === 'string' ? `Bearer ${token}` : undefined);
      socket.data.auth = {
        userId: auth.userId,
        organisationId: auth.organisationId,
        centerIds: auth.centerIds,
        familyId: auth.familyId,
        expiresAt: typeof token === 'string' ? expiryOf(token) : undefined,
      };
      next();
    } catch (err) {
      next(Object.assign(new Error('unauthenticated'), { data: { error: (err as { code?: string }).code } }));
    }
  });

  io.on('connection', async (socket) => {
    const { userId, organisationId, centerIds, familyId, expiresAt } = socket.data.auth as SocketAuth;
    if (expiresAt !== undefined) {
      // The browser connects again with a fresh token (refreshing it first when refused).
      const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt * 1000 - Date.now()));
      socket.on('disconnect', () => clearTimeout(expiry));
    }
    // A recovered socket got its rooms back, but always joins its session's: revocation must reach it.
    socket.join([familyRoom(familyId), userRoom(userId)]);
    if (socket.recovered) return;
    socket.join(orgRoom(organisationId));
    const visible =
      centerIds ??
      (
        await deps.database.db.query.centers.findMany({
          columns: { id: true },
          where: (c, { eq }) => eq(c.organisationId, organisationId),
        })
      ).map((c) => c.id);
    for (const id of visible) socket.join(centerRoom(id));
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
    deps.events.subscribe('realtime.organisation', (e) => {
      io.to(orgRoom(e.organisationId)).emit(REALTIME_EVENT, JSON.stringify(e.payload));
    }),
  ];

  return {
    io,
    async close() {
      for (const off of unsubscribe) off();
      await io.close();
      await redisClient?.quit();
    },
  };
}
