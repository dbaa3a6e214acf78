import { REALTIME_EVENT } from '@gym/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { AppDeps } from '../deps.ts';
import { authenticate } from '../modules/auth/index.ts';

export const orgRoom = (organisationId: string) => `org:${organisationId}`;
export const centerRoom = (centerId: string) => `center:${centerId}`;

/**
 * The one Socket.IO gateway. A browser connects with its access token; it joins its organisation's
 * room and one room per centre it may see. Domain events become `data` messages (a JSON string, as
 * the spec's clients expect). With REDIS_URL, a Redis streams adapter carries messages between API
 * servers; connection-state recovery replays what a briefly dropped browser missed.
 */
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
      socket.data.auth = { userId: auth.userId, organisationId: auth.organisationId, centerIds: auth.centerIds };
      next();
    } catch (err) {
      next(Object.assign(new Error('unauthenticated'), { data: { error: (err as { code?: string }).code } }));
    }
  });

  io.on('connection', async (socket) => {
    if (socket.recovered) return;
    const { organisationId, centerIds } = socket.data.auth as { organisationId: string; centerIds: string[] | null };
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
