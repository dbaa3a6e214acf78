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

/** Refusals in a row without a connection in between, after which the socket stays closed. */
const MAX_AUTH_RETRIES = 3;

/**
 * Opens the connection once (staff layout); later calls return the same socket.
 * The server closes a socket when its session ends (sign-out elsewhere, deactivation, a role or
 * centre change) or its access token expires. The socket then connects again with the current
 * token; when that is refused, the API client's single refresh gets a new one and it tries again.
 * A session that is really over fails the refresh, and the API client sends the user to sign in.
 * After `disconnectRealtime()` (sign-out) nothing reopens it.
 */
export function connectRealtime(): Socket {
  if (socket) return socket;
  let refusals = 0;
  const created = io({
    path: '/socket.io',
    // A function: evaluated on each connection attempt, so a reconnect uses the latest token.
    auth: (send) => send({ token: getAccessToken() }),
    transports: ['websocket', 'polling'],
    reconnectionDelayMax: 10_000,
  });
  const current = () => socket === created;
  created.on(REALTIME_EVENT, onData);
  created.on('connect', () => {
    refusals = 0;
  });
  created.on('disconnect', (reason) => {
    // Closed by the server: the session changed or the token expired. Other reasons reconnect by themselves.
    if (reason === 'io server disconnect' && current() && getAccessToken()) created.connect();
  });
  created.on('connect_error', (error: Error & { data?: { error?: string } }) => {
    if (error.message !== 'unauthenticated' || created.active || !current()) return;
    refusals += 1;
    if (refusals > MAX_AUTH_RETRIES) return;
    // The server refused the token (expired or revoked): refresh once, then connect again with the new one.
    const failedToken = getAccessToken();
    api
      .refreshAccessToken(failedToken)
      .then(() => {
        if (current() && getAccessToken()) created.connect();
      })
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

/** Sign-out: closes the socket for good (nothing pending reopens it). */
export function disconnectRealtime(): void {
  const closing = socket;
  socket = null;
  closing?.disconnect();
}
