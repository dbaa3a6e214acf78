/**
 * The live side of the door's screens, as plain functions: which realtime payloads are entry
 * notifications, how one is merged into the dashboard's panel (`GET /entries/live`), and whether a
 * list of entry records on screen should show it.
 */
import type { Entry, EntryEvent, entryLiveSchema } from '@gym/contract/entries';
import type { z } from 'zod';

export type EntryLive = z.infer<typeof entryLiveSchema>;

/** The panel holds the last 20 taps (the contract's `last`). */
export const LIVE_LENGTH = 20;

/**
 * An entry notification of the realtime channel (`{center_id, action: 'entry', message, icon, entry}`).
 * Checked by hand rather than by the contract's zod schema, so that the shell (navbar) does not load
 * the schemas of every module for one test.
 */
export function asEntryEvent(payload: unknown): EntryEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Partial<EntryEvent>;
  if (p.action !== 'entry' || typeof p.center_id !== 'string') return null;
  const entry = p.entry as Partial<Entry> | undefined;
  if (!entry || typeof entry !== 'object' || typeof entry.id !== 'string' || typeof entry.at !== 'string') return null;
  if (entry.result !== 'granted' && entry.result !== 'denied' && entry.result !== 'duplicate') return null;
  return p as EntryEvent;
}

/**
 * The panel with one more entry. Idempotent (the same entry twice changes nothing: the navbar and
 * the dashboard may both hear it, and a reconnection may deliver it again), ignores another day's
 * entries (an offline replay of yesterday), keeps the newest first and at most 20. An override
 * marks the denied entry it let in, so that its "Let in" button goes. Counts follow the entry's
 * result: duplicates count as neither (the server counts them neither); the number in the building
 * is left to the next fetch, being an estimate the server computes.
 */
export function mergeLiveEntry(live: EntryLive, entry: Entry): EntryLive {
  if (entry.businessDate !== live.today) return live;
  if (live.last.some((e) => e.id === entry.id)) return live;
  const marked = entry.overrideOf
    ? live.last.map((e) => (e.id === entry.overrideOf ? { ...e, overriddenByEntryId: entry.id } : e))
    : live.last;
  const last = [...marked, entry].sort(newestFirst).slice(0, LIVE_LENGTH);
  return {
    ...live,
    granted: live.granted + (entry.result === 'granted' ? 1 : 0),
    denied: live.denied + (entry.result === 'denied' ? 1 : 0),
    last,
  };
}

function newestFirst(a: Entry, b: Entry): number {
  return a.at < b.at ? 1 : a.at > b.at ? -1 : 0;
}

/** The last person who came in: the newest granted entry of a known member. */
export function lastPersonIn(live: EntryLive | undefined): { name: string; at: string } | null {
  const entry = live?.last.find((e) => e.result === 'granted' && e.member);
  return entry?.member ? { name: entry.member.name, at: entry.at } : null;
}

/** "Let in" is offered on a denied tap nobody has let in yet (and never on an override's own row). */
export function canBeLetIn(entry: Pick<Entry, 'result' | 'overriddenByEntryId'>): boolean {
  return entry.result === 'denied' && !entry.overriddenByEntryId;
}

/**
 * Whether a list of entry records shows a new entry of `entryCenterId` on `entryDate`: the list's
 * date range holds that day and its centre is that one or every centre. The list is then fetched
 * again (its filters, sort and paging are the server's to apply).
 */
export function listShowsEntry(
  list: { centerId: string | null; from: string; to: string },
  entryCenterId: string,
  entryDate: string,
): boolean {
  if (list.centerId !== null && list.centerId !== entryCenterId) return false;
  return list.from <= entryDate && entryDate <= list.to;
}
