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
 * The flag itself is in shared/routing/maintenanceFlag.ts, beside the guard that reads it. The watching lives in
 * `maintenanceWatch.ts`, loaded once someone is signed in, so the sign-in page does not carry it;
 * what it needs from the entry is handed to it rather than imported, which would split those
 * modules out of the entry chunk.
 */

import { PATHS } from '../shared/routing/guards';
import {
  isExempt,
  isMaintenanceMode,
  maintenanceMove,
  setMaintenanceMode,
  subscribeMaintenance,
} from '../shared/routing/maintenanceFlag';
import { isLoggedIn, subscribeSession } from '../shared/session';
import { queryClient } from './queryClient';

export { maintenanceMove, setMaintenanceMode } from '../shared/routing/maintenanceFlag';

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
