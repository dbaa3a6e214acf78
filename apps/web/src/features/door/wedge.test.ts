import { describe, expect, it } from 'vitest';
import { createWedgeDetector, type WedgeStep } from './wedge';

/** Feeds keys at the given gaps (ms); returns the last step. */
function type(keys: string[], gaps: number | number[], start = 1000): WedgeStep[] {
  const detector = createWedgeDetector();
  let time = start;
  return keys.map((key, i) => {
    if (i > 0) time += Array.isArray(gaps) ? gaps[i - 1]! : gaps;
    return detector.key(key, time);
  });
}

const digits = (s: string) => [...s];

describe('keyboard-wedge burst', () => {
  it('recognises digits typed machine-fast and Enter as a card', () => {
    const steps = type([...digits('0001234567'), 'Enter'], 8);
    expect(steps[0]).toEqual({ kind: 'char', starts: true });
    expect(steps[1]).toEqual({ kind: 'char', starts: false });
    expect(steps.at(-1)).toEqual({ kind: 'scan', card: '0001234567', length: 10 });
  });

  it('upper-cases letters (card numbers are upper case)', () => {
    expect(type([...digits('ab12cd34'), 'Enter'], 5).at(-1)).toEqual({ kind: 'scan', card: 'AB12CD34', length: 8 });
  });

  it('does not take a person typing (about 120 ms between keys) for a reader', () => {
    expect(type([...digits('0001234567'), 'Enter'], 120).at(-1)).toEqual({ kind: 'other' });
  });

  it('needs at least six characters', () => {
    expect(type([...digits('12345'), 'Enter'], 5).at(-1)).toEqual({ kind: 'other' });
  });

  it('tolerates one late key on a busy machine but not a slow average', () => {
    const gaps = [5, 5, 90, 5, 5, 5, 5, 5, 5, 5];
    expect(type([...digits('0001234567'), 'Enter'], gaps).at(-1)?.kind).toBe('scan');
    const slow = [60, 60, 60, 60, 60, 60, 60, 60, 60, 60];
    expect(type([...digits('0001234567'), 'Enter'], slow).at(-1)?.kind).toBe('other');
  });

  it('a pause starts a new burst: what was typed by hand before does not join the card', () => {
    const steps = type([...digits('99'), ...digits('0001234567'), 'Enter'], [300, 400, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    expect(steps[2]).toEqual({ kind: 'char', starts: true });
    expect(steps.at(-1)).toEqual({ kind: 'scan', card: '0001234567', length: 10 });
  });

  it('an Enter long after the last key is a person pressing Enter', () => {
    expect(type([...digits('0001234567'), 'Enter'], [5, 5, 5, 5, 5, 5, 5, 5, 5, 500]).at(-1)).toEqual({
      kind: 'other',
    });
  });

  it('any other key (Tab, a dash, a shortcut) ends the burst', () => {
    expect(type([...digits('00012'), '-', ...digits('34567'), 'Enter'], 5).at(-1)).toEqual({ kind: 'other' });
  });
});
