/**
 * The realtime channel (spec): Socket.IO on the same origin, every message on the `data` event as a
 * JSON string. The handshake `auth` carries the access token, the centre this tab works at and the
 * card reader attached to this browser, and the signing tablet it is when it shows `/epad/{id}`
 * (`{token, center_id, reader, pad}`); the server joins the socket to its organisation, that one
 * centre, and there to the reader's and the tablet's rooms. It is read again on every (re)connection, and an
 * expired token is refreshed through the API client's single refresh.
 *
 * Switching centre in the navbar closes the socket and opens a fresh one (not a recovered one: a
 * recovered socket gets its old rooms back), so the browser moves to the new centre's room.
 */
import { STORAGE_KEYS } from '@gym/contract/constants';
import { REALTIME_EVENT } from '@gym/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { api } from './api/client';
import { getCenterId, subscribeCenterId } from './centerSelection';
import { getAccessToken } from './session';
import { local } from './storage';

export type RealtimeListener = (payload: unknown) => void;

let socket: Socket | null = null;
let stopFollowingCentre: (() => void) | null = null;
const listeners = new Set<RealtimeListener>();
const statusListeners = new Set<() => void>();
let connected = false;
/** The signing tablet this tab is (`/epad/{id}` sets it while it is shown). */
let pad: string | null = null;

function setConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
}

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

/** What the server needs to know at each connection: who, at which centre, with which reader. */
export function handshakeAuth(): {
  token: string | null;
  center_id: string | null;
  reader: string | null;
  pad: string | null;
} {
  return {
    token: getAccessToken(),
    center_id: getCenterId(),
    reader: local.get(STORAGE_KEYS.reader)?.trim() || null,
    pad,
  };
}

function open(): Socket {
  let refusals = 0;
  const created = io({
    path: '/socket.io',
    // A new manager each time: a socket opened for another centre must not resume the old session.
    forceNew: true,
    // A function: evaluated on each connection attempt, so a reconnect uses the latest token.
    auth: (send) => send(handshakeAuth()),
    transports: ['websocket', 'polling'],
    reconnectionDelayMax: 10_000,
  });
  const current = () => socket === created;
  created.on(REALTIME_EVENT, onData);
  created.on('connect', () => {
    refusals = 0;
    if (current()) setConnected(true);
  });
  created.on('disconnect', (reason) => {
    if (current()) setConnected(false);
    // Closed by the server: the session changed or the token expired. Other reasons reconnect by themselves.
    if (reason === 'io server disconnect' && current() && getAccessToken()) created.connect();
  });
  created.on('connect_error', (error: Error & { data?: { error?: string } }) => {
    if (current()) setConnected(false);
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
  return created;
}

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
  socket = open();
  let centre = getCenterId();
  stopFollowingCentre = subscribeCenterId(() => {
    const next = getCenterId();
    if (!socket || next === centre) return;
    centre = next;
    reopen();
  });
  return socket;
}

/** A fresh socket (not a recovered one, which would get its old rooms back) for a changed handshake. */
function reopen(): void {
  if (!socket) return;
  const old = socket;
  socket = open();
  old.disconnect();
  setConnected(false);
}

/**
 * This tab is the signing tablet `id` (or no longer is, with null): the socket connects again so
 * that the server puts it in that tablet's room at the tab's centre.
 */
export function setRealtimePad(id: string | null): void {
  if (id === pad) return;
  pad = id;
  reopen();
}

/**
 * Hands a message this browser made itself to the realtime listeners, as if the server had sent it:
 * an entry it recorded (a check-in at the desk) shows its toast and joins the desk's feed at once,
 * not only when the centre's notification comes back (both are shown once per entry).
 */
export function deliverLocally(payload: unknown): void {
  for (const listener of listeners) listener(payload);
}

export function subscribeRealtime(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the socket is connected now (the offline indicator reads it). */
export function isRealtimeConnected(): boolean {
  return connected;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Sign-out: closes the socket for good (nothing pending reopens it). */
export function disconnectRealtime(): void {
  const closing = socket;
  socket = null;
  stopFollowingCentre?.();
  stopFollowingCentre = null;
  closing?.disconnect();
  setConnected(false);
}
