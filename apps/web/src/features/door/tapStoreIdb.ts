/**
 * The offline tap queue in IndexedDB (plain API, no library): database `gym-door`, store `taps`
 * keyed by an auto-incremented sequence (tap order), with a unique index on the scan id.
 */
import type { QueuedTap, TapStore } from './tapQueue';

const DB_NAME = 'gym-door';
const STORE = 'taps';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        const store = req.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
        store.createIndex('scanId', 'scanId', { unique: true });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('IndexedDB blocked'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
  }
  return opening;
}

/** Whether this browser offers IndexedDB (private modes of some browsers do not). */
export function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    return false;
  }
}

export function indexedDbTapStore(): TapStore {
  return {
    async add(tap) {
      const db = await open();
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const existing = await request(store.index('scanId').getKey(tap.scanId));
      if (existing === undefined) store.add({ ...tap });
      await done(tx);
    },
    async list() {
      const db = await open();
      const tx = db.transaction(STORE, 'readonly');
      const rows = (await request(tx.objectStore(STORE).getAll())) as (QueuedTap & { seq: number })[];
      return rows.map(({ seq: _seq, ...tap }) => tap);
    },
    async remove(scanId) {
      const db = await open();
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const key = await request(store.index('scanId').getKey(scanId));
      if (key !== undefined) store.delete(key);
      await done(tx);
    },
  };
}
