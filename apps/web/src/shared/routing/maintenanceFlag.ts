/**
 * The maintenance flag (system configuration) the route guard reads: whether staff are held on the
 * under-maintenance page. It is set and followed by app/maintenance.ts (the server's switch at boot,
 * on sign-in, by realtime and by any 503 `maintenance`); it lives here, with the guards, so that
 * what asks whether a page may open (`pathAccess.ts`) needs nothing of the app.
 */
import { PATHS } from './guards';

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
