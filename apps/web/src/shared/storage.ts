/**
 * Thin wrappers over Web Storage. Private browsing modes and locked-down kiosk browsers can throw
 * on access; the app must keep working (with nothing remembered) rather than crash at boot.
 */
function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const store = area(kind);
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota or security errors: the value is simply not remembered.
  }
}

export const local = {
  get: (key: string) => read('local', key),
  set: (key: string, value: string | null) => write('local', key, value),
};

export const session = {
  get: (key: string) => read('session', key),
  set: (key: string, value: string | null) => write('session', key, value),
};

/** Keys this app keeps beside the contract's `STORAGE_KEYS`. */
export const APP_STORAGE_KEYS = {
  language: 'language',
  layout: 'layout',
  menuCollapsed: 'menuCollapsed',
  menuHidden: 'menuHidden',
  /** sessionStorage: the centre the staff member works at in this tab. */
  centerId: 'centerId',
  /** localStorage: signatures made on a signature tablet while offline, sent when it is back. */
  padOutbox: 'padOutbox',
} as const;
