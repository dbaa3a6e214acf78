import type { DbOrTx } from '../db/client.ts';

/** What a change touches: every cached session of these users, these session families, these organisations. */
export interface SessionChange {
  users?: string[];
  /** Users whose profile changed (name, e-mail, preferences): their cached `/me` only; sockets stay. */
  profiles?: string[];
  families?: string[];
  organisations?: string[];
  /** Readers or centres changed: every cached reader lookup (`reader`) is dropped. */
  readers?: boolean;
}

/**
 * What a command tells the servers' caches of sessions and readers (the auth module's cache):
 * `changed` is called inside the transaction and heard by every server once it commits.
 */
export interface SessionChanges {
  changed(tx: DbOrTx, change: SessionChange): Promise<void>;
}
