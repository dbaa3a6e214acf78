/**
 * A USB keyboard-wedge card reader types the card number and Enter, machine-fast, wherever the
 * focus is. This recognises such a burst among ordinary keystrokes.
 *
 * A burst is at least `minLength` letters or digits, each within `maxGapMs` of the one before,
 * `meanGapMs` or less on average, then Enter within `maxGapMs`. People do not type like that
 * (a very fast typist averages 80 ms or more between keys); readers type 5 to 30 ms apart. The
 * mean allows one late key on a busy machine; the maximum gap still ends a burst at a pause.
 */
export interface WedgeOptions {
  minLength: number;
  maxLength: number;
  maxGapMs: number;
  meanGapMs: number;
}

export const WEDGE_DEFAULTS: WedgeOptions = { minLength: 6, maxLength: 32, maxGapMs: 100, meanGapMs: 50 };

export type WedgeStep =
  /** A letter or digit: `starts` when it begins a new burst (the caller notes the field's value then). */
  | { kind: 'char'; starts: boolean }
  /** Enter ending a burst: the card number and how many characters the reader typed. */
  | { kind: 'scan'; card: string; length: number }
  /** Anything else: the burst, if any, is over. */
  | { kind: 'other' };

export interface WedgeDetector {
  key(key: string, time: number): WedgeStep;
  reset(): void;
}

const CARD_CHAR = /^[A-Za-z0-9]$/;

export function createWedgeDetector(options: Partial<WedgeOptions> = {}): WedgeDetector {
  const o = { ...WEDGE_DEFAULTS, ...options };
  let chars = '';
  let first = 0;
  let last = 0;
  const reset = () => {
    chars = '';
  };
  return {
    reset,
    key(key, time) {
      if (CARD_CHAR.test(key)) {
        const starts = chars === '' || time - last > o.maxGapMs || chars.length >= o.maxLength;
        if (starts) {
          chars = key;
          first = time;
        } else {
          chars += key;
        }
        last = time;
        return { kind: 'char', starts };
      }
      if (key === 'Enter' && chars.length >= o.minLength && time - last <= o.maxGapMs) {
        const mean = (last - first) / (chars.length - 1);
        if (mean <= o.meanGapMs) {
          const card = chars.toUpperCase();
          reset();
          return { kind: 'scan', card, length: card.length };
        }
      }
      reset();
      return { kind: 'other' };
    },
  };
}
