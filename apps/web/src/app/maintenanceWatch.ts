/**
 * The signed-in half of maintenance mode (see `maintenance.ts`): reads the switch from the server,
 * listens for `config.updated`, reads it again every 30 s while the user is held, and moves the
 * user to or from the under-maintenance page.
 */
import type { PublicConfig } from '../features/settings/api';
import { api } from '../shared/api/client';
import { getUserData, isLoggedIn, subscribeSession } from '../shared/session';
import type { MaintenanceFlag } from './maintenance';

export const MAINTENANCE_POLL_MS = 30_000;

let flag: MaintenanceFlag;

/**
 * Navigates through the data router without holding a reference to it (it is created in main.tsx):
 * a history entry in the router's own format followed by `popstate` makes the router run its guards
 * and render the page, without reloading the app.
 */
function navigate(path: string, replace: boolean): void {
  const state = window.history.state as { idx?: number } | null;
  const idx = typeof state?.idx === 'number' ? state.idx + (replace ? 0 : 1) : 0;
  const entry = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
  if (replace) window.history.replaceState(entry, '', path);
  else window.history.pushState(entry, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** The flag as the server says it (read, message or poll): set it and move the user if needed. */
function applyServerFlag(on: boolean): void {
  const changed = on !== flag.isMaintenanceMode();
  flag.setMaintenanceMode(on);
  const { pathname, search } = window.location;
  const move = flag.maintenanceMove(on, { pathname, loggedIn: isLoggedIn(), role: getUserData()?.role });
  if (move === 'recheck') navigate(`${pathname}${search}`, true);
  if (move === 'home') navigate(flag.home, false);
  if (changed) flag.configChanged();
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
  const wanted = flag.isMaintenanceMode() && isLoggedIn() && !flag.isExempt(getUserData()?.role);
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

let stops: (() => void)[] | null = null;

export function startWatch(given: MaintenanceFlag): void {
  if (stops) return;
  flag = given;
  let cancelled = false;
  let unsubscribeRealtime: (() => void) | undefined;
  stops = [
    flag.subscribeMaintenance(syncPolling),
    // A change of role (read again on each page) may start or end the hold.
    subscribeSession(syncPolling),
    () => {
      cancelled = true;
      unsubscribeRealtime?.();
    },
  ];
  void flag.loadRealtime().then(({ subscribeRealtime }) => {
    if (cancelled) return;
    unsubscribeRealtime = subscribeRealtime((payload) => {
      if (isConfigUpdated(payload)) applyServerFlag(payload.maintenanceMode);
    });
  });
  syncPolling();
  void readServerFlag();
}

export function stopWatch(): void {
  for (const stop of stops ?? []) stop();
  stops = null;
  clearInterval(poll);
  poll = undefined;
}
