import { beforeEach, describe, expect, it } from 'vitest';
import { chosenColumns, columnChoiceKey, readColumnChoice, toggleColumn, writeColumnChoice } from './columnChoice';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const COLUMNS = [{ key: 'code' }, { key: 'name' }, { key: 'email', defaultHidden: true }, { key: 'status' }];

describe('the columns a user chooses for a list', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });

  it("shows the screen's columns until the user chooses, and then the user's choice", () => {
    expect(chosenColumns(COLUMNS, {}).map((c) => c.key)).toEqual(['code', 'name', 'status']);
    const withEmail = toggleColumn(COLUMNS, {}, 'email', true);
    const noStatus = toggleColumn(COLUMNS, withEmail, 'status', false);
    expect(chosenColumns(COLUMNS, noStatus).map((c) => c.key)).toEqual(['code', 'name', 'email']);
    // Back to the default: nothing is kept for that column.
    expect(toggleColumn(COLUMNS, noStatus, 'status', true)).toEqual({ email: true });
  });

  it('keeps each user’s choice apart, per list, across page loads', () => {
    writeColumnChoice('user-a', 'member-table', { email: true });
    writeColumnChoice('user-b', 'member-table', { status: false });
    expect(readColumnChoice('user-a', 'member-table')).toEqual({ email: true });
    expect(readColumnChoice('user-b', 'member-table')).toEqual({ status: false });
    expect(readColumnChoice('user-a', 'invoice-table')).toEqual({});
    expect(localStorage.getItem(columnChoiceKey('user-a', 'member-table'))).toBe('{"email":true}');
  });

  it('never shows a list without columns, and ignores a damaged stored choice', () => {
    const none = Object.fromEntries(COLUMNS.map((c) => [c.key, false]));
    expect(chosenColumns(COLUMNS, none).map((c) => c.key)).toEqual(['code']);
    localStorage.setItem(columnChoiceKey('user-a', 'member-table'), '{not json');
    expect(readColumnChoice('user-a', 'member-table')).toEqual({});
    localStorage.setItem(columnChoiceKey('user-a', 'member-table'), '{"email":"yes","name":false}');
    expect(readColumnChoice('user-a', 'member-table')).toEqual({ name: false });
  });
});
