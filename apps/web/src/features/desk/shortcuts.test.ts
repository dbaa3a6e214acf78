import { describe, expect, it } from 'vitest';
import { type KeyPress, shortcutFor } from './shortcuts';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  defaultPrevented: false,
  inField: false,
  inDialog: false,
  ...more,
});

describe('desk shortcuts', () => {
  it('reads single keys, either case, and ? for the help', () => {
    expect(shortcutFor(press('c'))).toBe('checkIn');
    expect(shortcutFor(press('S'))).toBe('sell');
    expect(shortcutFor(press('n'))).toBe('newSale');
    expect(shortcutFor(press('d'))).toBe('desk');
    expect(shortcutFor(press('?'))).toBe('help');
    expect(shortcutFor(press('x'))).toBeNull();
    expect(shortcutFor(press('Enter'))).toBeNull();
  });

  it('never fires while typing in a field, inside a dialog, with Ctrl, Alt or ⌘, on a held key, or when taken', () => {
    expect(shortcutFor(press('c', { inField: true }))).toBeNull();
    expect(shortcutFor(press('?', { inField: true }))).toBeNull();
    expect(shortcutFor(press('c', { inDialog: true }))).toBeNull();
    expect(shortcutFor(press('c', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('s', { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('n', { altKey: true }))).toBeNull();
    expect(shortcutFor(press('c', { repeat: true }))).toBeNull();
    expect(shortcutFor(press('c', { defaultPrevented: true }))).toBeNull();
  });
});
