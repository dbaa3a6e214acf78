/**
 * The realtime channel (spec): Socket.IO on the same origin, every message on the `data` event as a
 * JSON string. The access token goes in the handshake `auth`; it is read again on every
 * (re)connection, and an expired one is refreshed through the API client's single refresh.
 */
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { api } from './api/client';
import { getAccessToken } from './session';

export type RealtimeListener = (payload: unknown) => void;

let socket: Socket | null = null;
const listeners = new Set<RealtimeListener>();

function onData(raw: unknown): void {
  let payload: unknown = raw;
  if (typeof raw === 'string') {
    try {
      payload = JSON.parse(raw);
    } catch {
      return;
    }
  }
  for (const listener of listeners) listener(payload);
}

/** Opens the connection once (staff layout); later calls return the same socket. */
export function connectRealtime(): Socket {
  if (socket) return socket;
  const created = io({
    path: '/socket.io',
    // A function: evaluated on each connection attempt, so a reconnect uses the latest token.
    auth: (send) => send({ token: getAccessToken() }),
    transports: ['websocket', 'polling'],
    reconnectionDelayMax: 10_000,
  });
  created.on(REALTIME_EVENT, onData);
  created.on('connect_error', (error: Error & { data?: { error?: string } }) => {
    if (error.message !== 'unauthenticated' || created.active) return;
    // The server refused the token (expired): refresh once, then connect again with the new one.
    const failedToken = getAccessToken();
    api
      .refreshAccessToken(failedToken)
      .then(() => created.connect())
      .catch(() => {
        // Session over: the API client has already sent the user to sign in.
      });
  });
  socket = created;
  return created;
}

export function subscribeRealtime(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
}
