/**
 * This browser's card reader (spec, local storage): `reader` (set by `?reader=ID`), `reader_action`
 * (`normal`, `update-member-card`, `staff-check-in`) and `student_id` (the member an
 * update-member-card tap goes to). One small store over localStorage, so the navbar indicator, the
 * member file and the scan handler agree, in this tab and (through `storage` events) in the others.
 */
import { READER_ACTIONS, type ReaderAction, STORAGE_KEYS } from '@gym/contract/constants';
import { useSyncExternalStore } from 'react';
import { local } from '../../shared/storage';

export interface ReaderState {
  reader: string | null;
  action: ReaderAction;
  studentId: string | null;
}

const listeners = new Set<() => void>();
let cached: ReaderState | null = null;

function read(): ReaderState {
  const reader = local.get(STORAGE_KEYS.reader)?.trim() || null;
  const stored = local.get(STORAGE_KEYS.readerAction);
  const action = (READER_ACTIONS as readonly string[]).includes(stored ?? '') ? (stored as ReaderAction) : 'normal';
  const studentId = local.get(STORAGE_KEYS.studentId) || null;
  return { reader, action, studentId };
}

/** The current state (the same object until something changes, as `useSyncExternalStore` wants). */
export function getReaderState(): ReaderState {
  const next = read();
  if (
    !cached ||
    cached.reader !== next.reader ||
    cached.action !== next.action ||
    cached.studentId !== next.studentId
  ) {
    cached = next;
  }
  return cached;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeReaderState(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', notify);
  };
}

export function useReaderState(): ReaderState {
  return useSyncExternalStore(subscribeReaderState, getReaderState, getReaderState);
}

/** Normal or staff check-in: any member the update-card mode waited for is forgotten. */
export function setReaderAction(action: Exclude<ReaderAction, 'update-member-card'>): void {
  local.set(STORAGE_KEYS.readerAction, action);
  local.set(STORAGE_KEYS.studentId, null);
  notify();
}

/** Update-member-card mode: the next card this browser's reader taps is attached to `studentId`. */
export function startUpdateCard(studentId: string): void {
  local.set(STORAGE_KEYS.readerAction, 'update-member-card');
  local.set(STORAGE_KEYS.studentId, studentId);
  notify();
}

/** After an update-card tap, whatever its result (spec): back to normal, `student_id` removed. */
export function endUpdateCard(): void {
  setReaderAction('normal');
}

/** `?reader=` was read (the root shell stores it): let the indicator show it. */
export function readerStorageChanged(): void {
  notify();
}
