import { useEffect, useRef } from 'react';

/** A keyboard-wedge reader types faster than any hand: every key of a scan follows the last within this. */
export const SCAN_KEY_GAP_MS = 50;
const SCAN_MIN_LENGTH = 4;

/** True for an element a person types into (a field, an editable area, a select's search box). */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * Calls `onScan` with what a card reader typed (a fast burst of characters ended by Enter) while no
 * field has the focus. Keys typed into a field are never taken: the reader's text then lands in
 * that field as typed, and the member search box handles its own Enter.
 */
export function useCardScan(onScan: (text: string) => void, enabled = true) {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) {
        buffer = '';
        return;
      }
      const now = performance.now();
      if (now - last > SCAN_KEY_GAP_MS) buffer = '';
      last = now;
      if (event.key === 'Enter') {
        if (buffer.length >= SCAN_MIN_LENGTH) {
          event.preventDefault();
          latest.current(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1) {
        buffer += event.key;
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
