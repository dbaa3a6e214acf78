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
 *
 * The flag lives here, in the entry, because the guard reads it. The watching lives in
 * `maintenanceWatch.ts`, loaded once someone is signed in, so the sign-in page does not carry it;
 * what it needs from the entry is handed to it rather than imported, which would split those
 * modules out of the entry chunk.
 */
import { isLoggedIn, subscribeSession } from '../shared/session';
import { PATHS } from './guards';
import { queryClient } from './queryClient';

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
}

export function subscribeMaintenance(listener: (on: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Admins and developers keep working during maintenance (the guard's and the server's rule). */
export const isExempt = (role: string | null | undefined) => role === 'admin' || role === 'developer';

/**
 * What a change of the flag means for this user: `recheck` runs the route guard again on the page
 * they are on (it sends held staff to the under-maintenance page and leaves open pages alone);
 * `home` takes them off the under-maintenance page when maintenance ends. Signed-out visitors,
 * admins and developers are never moved.
 */
export function maintenanceMove(
  on: boolean,
  state: { pathname: string; loggedIn: boolean; role: string | null | undefined },
): 'recheck' | 'home' | null {
  if (!state.loggedIn || isExempt(state.role)) return null;
  const held = state.pathname.replace(/\/+$/, '') === PATHS.underMaintenance;
  if (on) return held ? null : 'recheck';
  return held ? 'home' : null;
}

const flag = {
  isMaintenanceMode,
  setMaintenanceMode,
  subscribeMaintenance,
  maintenanceMove,
  isExempt,
  home: PATHS.home,
  // Money inputs and the configuration screen read the configuration too.
  configChanged: () => void queryClient.invalidateQueries({ queryKey: ['config'] }),
  // The socket client is loaded on demand, as the shell does.
  loadRealtime: () => import('../shared/realtime'),
};
export type MaintenanceFlag = typeof flag;

let watch: Promise<typeof import('./maintenanceWatch')> | null = null;
let started = false;

/** Follows the server's switch while someone is signed in (called once at boot). */
export function watchMaintenance(): void {
  if (started) return;
  started = true;
  const start = () => {
    watch ??= import('./maintenanceWatch');
    void watch.then((module) => module.startWatch(flag));
  };
  let wasLoggedIn = isLoggedIn();
  if (wasLoggedIn) start();
  subscribeSession(() => {
    const loggedIn = isLoggedIn();
    if (loggedIn === wasLoggedIn) return;
    wasLoggedIn = loggedIn;
    if (loggedIn) {
      start();
    } else {
      void watch?.then((module) => module.stopWatch());
      // The next person to sign in gets the server's answer, not the previous session's.
      setMaintenanceMode(false);
    }
  });
}

// The router's guard module imports this file at boot; the browser is the only place that watches.
if (typeof window !== 'undefined' && typeof window.history !== 'undefined') watchMaintenance();
