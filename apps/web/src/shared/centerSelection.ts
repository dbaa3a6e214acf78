/**
 * The centre this tab works at (spec: "held in the session state"): sessionStorage `centerId`, so
 * two tabs can serve two centres and the choice is forgotten when the tab closes.
 */
import { useSyncExternalStore } from 'react';
import { APP_STORAGE_KEYS, session } from './storage';

const listeners = new Set<() => void>();

export function getCenterId(): string | null {
  return session.get(APP_STORAGE_KEYS.centerId);
}

export function setCenterId(id: string | null): void {
  if (id === getCenterId()) return;
  session.set(APP_STORAGE_KEYS.centerId, id);
  for (const listener of listeners) listener();
}

/** Told when this tab's centre changes (the realtime channel moves to the new centre's room). */
export function subscribeCenterId(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCenterId(): string | null {
  return useSyncExternalStore(subscribeCenterId, getCenterId, getCenterId);
}
