/**
 * The desk's keyboard shortcuts: single keys, never while typing in a field, never with Ctrl, Alt or
 * ⌘ (those are the browser's and the system's), never inside a dialog. What only a screen can do (a
 * member file: check in, sell) is a button of that screen marked `data-shortcut="<key>"`, which the
 * key presses; the rest work everywhere.
 */

export type PageAction = 'checkIn' | 'sell' | 'newSale';
export type ShortcutAction = PageAction | 'desk' | 'help';

/** The key of a screen's button for each of its actions (`data-shortcut`). */
export const PAGE_KEYS: Record<PageAction, string> = { checkIn: 'c', sell: 's', newSale: 'n' };

/** Each shortcut with its keys, as the help dialog lists them (in this order). */
export const SHORTCUTS: readonly { keys: readonly string[]; id: string }[] = [
  { keys: ['/', 'Ctrl+K'], id: 'search' },
  { keys: ['D'], id: 'desk' },
  { keys: ['C'], id: 'checkIn' },
  { keys: ['S'], id: 'sell' },
  { keys: ['N'], id: 'newSale' },
  { keys: ['Enter'], id: 'deskEnter' },
  { keys: ['Shift+Enter'], id: 'deskOpen' },
  { keys: ['↑', '↓'], id: 'results' },
  { keys: ['Esc'], id: 'escape' },
  { keys: ['?'], id: 'help' },
];

const LETTERS: Record<string, ShortcutAction> = { c: 'checkIn', s: 'sell', n: 'newSale', d: 'desk' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
  /** The key went to a field (an input, a text area, an editable element). */
  inField: boolean;
  /** The key went to an open dialog or drawer. */
  inDialog: boolean;
}

/** The shortcut a key press means, or null. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.defaultPrevented || press.repeat || press.inField || press.inDialog) return null;
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === '?') return 'help';
  return LETTERS[press.key.toLowerCase()] ?? null;
}
