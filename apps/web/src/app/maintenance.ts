/**
 * Maintenance mode hook. The system configuration will carry a maintenance switch; the API does not
 * serve it yet. Until it does, the flag is only raised when an API call answers with the
 * `maintenance` error code (503). The route guard reads `isMaintenanceMode()` and sends everyone
 * except admins and developers to the under-maintenance page while it is on.
 *
 * To wire the real switch: fetch it at boot (and on the realtime `data` channel when it changes)
 * and call `setMaintenanceMode(value)`.
 */
let maintenance = false;

export function isMaintenanceMode(): boolean {
  return maintenance;
}

export function setMaintenanceMode(value: boolean): void {
  maintenance = value;
}
