import { asEntryEvent } from '../entries/liveFeed';

/** Realtime messages that may change a class's counts or a booking's status. */
export function changesClasses(payload: unknown, centerId: string | null): boolean {
  const entry = asEntryEvent(payload);
  // A granted entry with a booking today marks it attended on the server.
  if (entry) return entry.entry.result === 'granted' && (centerId === null || entry.entry.center.id === centerId);
  if (!payload || typeof payload !== 'object') return false;
  const p = payload as { action?: unknown; center_id?: unknown };
  if (typeof p.action !== 'string' || !/^(booking|class)[._]/.test(p.action)) return false;
  return centerId === null || p.center_id === undefined || p.center_id === centerId;
}
