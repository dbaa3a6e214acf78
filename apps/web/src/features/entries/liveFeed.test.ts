import { describe, expect, it } from 'vitest';
import type { Entry } from './api';
import {
  asEntryEvent,
  canBeLetIn,
  type EntryLive,
  LIVE_LENGTH,
  lastPersonIn,
  listShowsEntry,
  mergeLiveEntry,
} from './liveFeed';

const CWB = '11111111-1111-4111-8111-111111111111';
let n = 0;
function entry(over: Partial<Entry> = {}): Entry {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    at: `2026-11-23T10:${String(n % 60).padStart(2, '0')}:00.000Z`,
    businessDate: '2026-11-23',
    center: { id: CWB, code: 'CWB', name: 'Causeway Bay' },
    reader: null,
    card: '0001234567',
    member: { id: '22222222-2222-4222-8222-222222222222', code: 'M0001', name: 'Chan Tai Man', photoUrl: null },
    result: 'granted',
    reason: null,
    grantedBy: 'membership',
    entitlement: null,
    daysLeft: 30,
    creditsLeft: null,
    source: 'reader',
    overrideOf: null,
    overriddenBy: null,
    overrideReason: null,
    overriddenByEntryId: null,
    staff: null,
    ...over,
  };
}
const empty: EntryLive = { today: '2026-11-23', granted: 0, denied: 0, inBuilding: 0, last: [] };

describe('the live panel', () => {
  it('prepends a new entry and counts it by its result; duplicates count as neither', () => {
    const granted = entry();
    const denied = entry({ result: 'denied', reason: 'no_entitlement', grantedBy: null });
    const duplicate = entry({ result: 'duplicate' });
    let live = mergeLiveEntry(empty, granted);
    live = mergeLiveEntry(live, denied);
    live = mergeLiveEntry(live, duplicate);
    expect(live.last.map((e) => e.id)).toEqual([duplicate.id, denied.id, granted.id]);
    expect([live.granted, live.denied]).toEqual([1, 1]);
  });

  it('is idempotent: the same entry heard twice (navbar and dashboard, a reconnection) counts once', () => {
    const e = entry();
    const once = mergeLiveEntry(empty, e);
    expect(mergeLiveEntry(once, e)).toBe(once);
  });

  it('keeps the newest 20 in time order, even when an older tap arrives late (an offline replay)', () => {
    let live = empty;
    const all: Entry[] = [];
    for (let i = 0; i < 25; i++) {
      const e = entry({ at: `2026-11-23T09:${String(i).padStart(2, '0')}:00.000Z` });
      all.push(e);
    }
    for (const e of [...all].reverse()) live = mergeLiveEntry(live, e);
    expect(live.last).toHaveLength(LIVE_LENGTH);
    expect(live.last[0]?.id).toBe(all[24]?.id);
    expect(live.last.at(-1)?.id).toBe(all[5]?.id);
    expect(live.granted).toBe(25);
  });

  it('ignores another day (an offline replay of yesterday)', () => {
    expect(mergeLiveEntry(empty, entry({ businessDate: '2026-11-22' }))).toBe(empty);
  });

  it('an override marks the denied entry it let in, which then offers no "Let in"', () => {
    const denied = entry({ result: 'denied', reason: 'no_entitlement' });
    const live = mergeLiveEntry(empty, denied);
    expect(canBeLetIn(live.last[0]!)).toBe(true);
    const override = entry({ result: 'granted', grantedBy: 'override', overrideOf: denied.id });
    const after = mergeLiveEntry(live, override);
    const marked = after.last.find((e) => e.id === denied.id)!;
    expect(marked.overriddenByEntryId).toBe(override.id);
    expect(canBeLetIn(marked)).toBe(false);
    expect(canBeLetIn(override)).toBe(false);
    expect([after.granted, after.denied]).toEqual([1, 1]);
  });

  it('the last person in is the newest granted entry of a known member', () => {
    const granted = entry({ member: { id: CWB, code: 'M2', name: 'Wong Siu Ming', photoUrl: null } });
    const unknown = entry({ result: 'denied', reason: 'unknown_card', member: null });
    const live = mergeLiveEntry(mergeLiveEntry(empty, granted), unknown);
    expect(lastPersonIn(live)).toEqual({ name: 'Wong Siu Ming', at: granted.at });
    expect(lastPersonIn(empty)).toBeNull();
    expect(lastPersonIn(undefined)).toBeNull();
  });
});

describe('entry notifications', () => {
  it('accepts the entry notification and refuses anything else on the channel', () => {
    const e = entry();
    const event = { center_id: CWB, action: 'entry', message: 'Welcome', icon: 'success', entry: e };
    expect(asEntryEvent(event)).toBe(event);
    expect(asEntryEvent({ ...event, action: 'scan' })).toBeNull();
    expect(asEntryEvent({ ...event, entry: { ...e, result: 'maybe' } })).toBeNull();
    expect(asEntryEvent({ ...event, entry: undefined })).toBeNull();
    expect(asEntryEvent('entry')).toBeNull();
    expect(asEntryEvent(null)).toBeNull();
  });
});

describe('a list of entry records', () => {
  it('shows a new entry when its range holds the day and its centre is that one or every centre', () => {
    const today = { centerId: CWB, from: '2026-11-23', to: '2026-11-23' };
    expect(listShowsEntry(today, CWB, '2026-11-23')).toBe(true);
    expect(listShowsEntry({ ...today, centerId: null }, CWB, '2026-11-23')).toBe(true);
    expect(listShowsEntry({ ...today, centerId: 'other' }, CWB, '2026-11-23')).toBe(false);
    expect(listShowsEntry({ ...today, from: '2026-11-01', to: '2026-11-22' }, CWB, '2026-11-23')).toBe(false);
    expect(listShowsEntry({ ...today, from: '2026-11-01', to: '2026-11-30' }, CWB, '2026-11-23')).toBe(true);
  });
});
