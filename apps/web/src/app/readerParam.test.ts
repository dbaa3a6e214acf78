import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberReaderFromQuery } from './readerParam';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('card reader identity from the address', () => {
  it('stores ?reader=ID as the reader attached to this browser', () => {
    rememberReaderFromQuery('?page=2&reader=R-07');
    expect(localStorage.getItem('reader')).toBe('R-07');
  });

  it('keeps the stored reader when the address has none (or an empty one)', () => {
    localStorage.setItem('reader', 'R-01');
    rememberReaderFromQuery('?page=2');
    rememberReaderFromQuery('?reader=');
    expect(localStorage.getItem('reader')).toBe('R-01');
  });
});
