/**
 * Maintenance mode (system configuration). While it is on, the server answers 503 `maintenance` to
 * every staff call except those of admins and developers, and the route guard sends everyone else
 * to the under-maintenance page (`isMaintenanceMode()`).
 *
 * The flag comes from the server in three ways: `GET /pro/config/public` at boot and after each
 * sign-in, the realtime `config.updated` message when an admin flips the switch, and any 503
 * `maintenance` answer (main.tsx calls `setMaintenanceMode(true)`). While a non-admin is held on the
 * under-maintenance page the switch is read again every 30 s, so that page recovers by itself even
 * if the realtime message was missed.
 */

import { matchRoutes } from 'react-router';
import type { PublicConfig } from '../features/settings/api';
import { api } from '../shared/api/client';
import { getUserData, isLoggedIn, subscribeSession } from '../shared/session';
import { PATHS } from './guards';
import { queryClient } from './queryClient';
import { PAGE_ROUTES } from './routes';

export const MAINTENANCE_POLL_MS = 30_000;

let maintenance = false;
const listeners = new Set<(on: boolean) => void>();

export function isMaintenanceMode(): boolean {
  return maintenance;
}

/** Sets the flag without moving the user (the 503 hook in main.tsx navigates itself). */
export function setMaintenanceMode(value: boolean): void {
  if (value === maintenance) return;
  maintenance = value;
  for (const listener of listeners) listener(value);
  syncPolling();
}

export function subscribeMaintenance(listener: (on: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isExempt = (role: string | null | undefined) => role === 'admin' || role === 'developer';

/**
 * Where a change of the flag should take this user, or null to stay. Held staff go to the
 * under-maintenance page; when maintenance ends they leave it for their home page. Signed-out
 * visitors, admins and developers, and public pages are never moved.
 */
export function maintenanceRedirect(
  on: boolean,
  state: { pathname: string; loggedIn: boolean; role: string | null | undefined; onPublicPage: boolean },
): string | null {
  if (!state.loggedIn || isExempt(state.role)) return null;
  const held = state.pathname.replace(/\/+$/, '') === PATHS.underMaintenance;
  if (on) return held || state.onPublicPage ? null : PATHS.underMaintenance;
  return held ? PATHS.home : null;
}

/** Pages the guard leaves open during maintenance: public pages (registration, card link...) and sign-in pages. */
function onOpenPage(pathname: string): boolean {
  const match = matchRoutes(
    PAGE_ROUTES.map((r) => ({ path: r.path, id: r.path })),
    pathname,
  )?.at(-1);
  const meta = match ? PAGE_ROUTES.find((r) => r.path === match.route.path)?.meta : undefined;
  return Boolean(meta && (meta.public || meta.resource === 'Auth'));
}

/**
 * Navigates through the data router without holding a reference to it (it is created in main.tsx):
 * a history entry in the router's own format followed by `popstate` makes the router run its guards
 * and render the page, without reloading the app.
 */
function navigate(path: string): void {
  const state = window.history.state as { idx?: number } | null;
  const idx = typeof state?.idx === 'number' ? state.idx + 1 : 0;
  window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** The flag as the server says it (fetch, realtime message or poll): set it and move the user if needed. */
function applyServerFlag(on: boolean): void {
  const changed = on !== maintenance;
  setMaintenanceMode(on);
  const target = maintenanceRedirect(on, {
    pathname: window.location.pathname,
    loggedIn: isLoggedIn(),
    role: getUserData()?.role,
    onPublicPage: onOpenPage(window.location.pathname),
  });
  if (target) navigate(target);
  // Money inputs and the configuration screen read the public configuration too.
  if (changed) void queryClient.invalidateQueries({ queryKey: ['config'] });
}

async function readServerFlag(): Promise<void> {
  if (!isLoggedIn()) return;
  try {
    const config = await api.get<PublicConfig>('/pro/config/public');
    applyServerFlag(config.maintenanceMode);
  } catch {
    // Offline or signed out meanwhile: the 503 hook and the next poll or message still apply.
  }
}

let poll: ReturnType<typeof setInterval> | undefined;

function syncPolling(): void {
  const wanted = maintenance && isLoggedIn() && !isExempt(getUserData()?.role);
  if (wanted && poll === undefined) {
    poll = setInterval(() => void readServerFlag(), MAINTENANCE_POLL_MS);
  } else if (!wanted && poll !== undefined) {
    clearInterval(poll);
    poll = undefined;
  }
}

function isConfigUpdated(payload: unknown): payload is { action: 'config.updated'; maintenanceMode: boolean } {
  if (!payload || typeof payload !== 'object') return false;
  const event = payload as { action?: unknown; maintenanceMode?: unknown };
  return event.action === 'config.updated' && typeof event.maintenanceMode === 'boolean';
}

let stopRealtime: (() => void) | null = null;

function listenToRealtime(): void {
  if (stopRealtime) return;
  let cancelled = false;
  let unsubscribe: (() => void) | null = null;
  stopRealtime = () => {
    cancelled = true;
    unsubscribe?.();
  };
  // Loaded on demand, like the shell does: the sign-in page never downloads the socket client.
  void import('../shared/realtime').then(({ subscribeRealtime }) => {
    if (cancelled) return;
    unsubscribe = subscribeRealtime((payload) => {
      if (isConfigUpdated(payload)) applyServerFlag(payload.maintenanceMode);
    });
  });
}

let watching = false;

/** Starts following the server's switch for as long as the app runs (called once at boot). */
export function watchMaintenance(): void {
  if (watching) return;
  watching = true;
  let wasLoggedIn = isLoggedIn();
  if (wasLoggedIn) {
    listenToRealtime();
    void readServerFlag();
  }
  subscribeSession(() => {
    const loggedIn = isLoggedIn();
    if (loggedIn === wasLoggedIn) {
      syncPolling();
      return;
    }
    wasLoggedIn = loggedIn;
    if (loggedIn) {
      listenToRealtime();
      void readServerFlag();
    } else {
      stopRealtime?.();
      stopRealtime = null;
      // The next person to sign in gets the server's answer, not the previous session's.
      setMaintenanceMode(false);
    }
  });
}

// The router's guard module imports this file at boot; the browser is the only place that watches.
if (typeof window !== 'undefined' && typeof window.history !== 'undefined') watchMaintenance();
