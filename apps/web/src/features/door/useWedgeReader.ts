/**
 * The keyboard-wedge reader, listened to at document level (capture phase, before any field or
 * button sees the keys).
 *
 * Outside a text field the burst's Enter is swallowed (it would otherwise press the focused button).
 * Inside a text field the characters land in the field as they come (a burst cannot be told from
 * typing until its Enter); when the Enter completes a machine-fast burst, the field gets back the
 * value it had before the burst and the Enter is swallowed (no form is submitted). A person typing
 * in the field is never interrupted: their keys are slower than a burst, so nothing is changed.
 */
import { useEffect, useRef } from 'react';
import { createWedgeDetector } from './wedge';

interface Options {
  /** Read at each key: whether this page listens for a wedge reader now. */
  enabled: () => boolean;
  onScan: (card: string) => void;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

function textField(target: EventTarget | null): TextField | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && /^(text|search|tel|number|email|url|password|)$/.test(target.type))
    return target;
  return null;
}

interface Snapshot {
  field: TextField;
  value: string;
  start: number | null;
  end: number | null;
}

/** Gives a field back its value so that React (a controlled input) hears of it too. */
function restore(snapshot: Snapshot): void {
  const { field, value } = snapshot;
  if (field.value === value) return;
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    if (snapshot.start !== null && snapshot.end !== null) field.setSelectionRange(snapshot.start, snapshot.end);
  } catch {
    // Some input types (number, email) have no selection.
  }
}

export function useWedgeReader(options: Options): void {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const detector = createWedgeDetector();
    let snapshot: Snapshot | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!latest.current.enabled()) {
        detector.reset();
        return;
      }
      const target = event.target instanceof Element ? event.target : null;
      if (event.isComposing || event.ctrlKey || event.altKey || event.metaKey || target?.closest('[data-card-field]')) {
        detector.reset();
        return;
      }
      const step = detector.key(event.key, event.timeStamp);
      if (step.kind === 'char') {
        if (step.starts) {
          const field = textField(event.target);
          let start: number | null = null;
          let end: number | null = null;
          try {
            start = field?.selectionStart ?? null;
            end = field?.selectionEnd ?? null;
          } catch {
            // No selection on this input type.
          }
          snapshot = field ? { field, value: field.value, start, end } : null;
        }
        return;
      }
      if (step.kind === 'scan') {
        event.preventDefault();
        event.stopPropagation();
        if (snapshot && snapshot.field === textField(event.target)) restore(snapshot);
        snapshot = null;
        latest.current.onScan(step.card);
        return;
      }
      snapshot = null;
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
