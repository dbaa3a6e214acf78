/**
 * The entry rule: one use case that decides a tap and records it, in one transaction. The reasons
 * are checked in the contract's order (`ENTRY_DENIAL_REASONS`); the first that applies is recorded.
 * A member's taps are serialised by locking the member's row, so the duplicate window and the
 * credit taken hold under concurrent taps of one card; the entitlement state rows are locked too
 * (the ledger's own rule: a change appends rows on the state it locked).
 */
import type { EntrySource } from '@gym/contract/entries';
import { businessDate } from '@gym/contract/time';
import { readAll } from '../../db/client.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { doorFacts, doorHandle } from './door-facts.ts';
import { type Decision, decideForMember, denied, readChecks, tapTime } from './door-rules.ts';
import { type RecordedEntry, writeDecision } from './write-decision.ts';

export type { MemberEntryInput } from './door-facts.ts';
export { ENTRY_USAGES, isOpenAt, MAX_TAP_AGE_MS, MAX_TAP_AHEAD_MS } from './door-rules.ts';
export type { RecordedEntry } from './write-decision.ts';

export interface RecordEntryInput {
  centerId: string;
  card: string;
  sn?: string | null;
  scanId?: string;
  tappedAt?: string;
  source?: EntrySource;
}

/**
 * Decides and records one tap, in the caller's transaction. A scan id recorded before fails the
 * transaction with a unique violation of `ENTRY_SCAN_INDEX` (on PostgreSQL at its commit: the entry
 * is written with it): the route's runner answers it with `recordedTap` (a replay).
 */
export async function recordEntry(ctx: UseCaseContext, input: RecordEntryInput): Promise<RecordedEntry> {
  const at = tapTime(ctx, { tappedAt: input.tappedAt });
  // The checks go right behind the facts, in one round trip on PostgreSQL; they read the member
  // the facts locked. The member's checks are only used when the card names a member.
  const [facts, checked] = await readAll(
    doorHandle(ctx),
    () => doorFacts(ctx, input),
    () => readChecks(ctx, { centerId: input.centerId, at }),
  );
  const { center, reader, card, config } = facts;
  const day = businessDate(at, center.timeZone);
  // The card's member, locked by the facts' read: the window and the credit below see every earlier tap.
  const member = facts.member;
  let decision: Decision;
  let oldestUnpaidDue: string | null | undefined;

  if (!card) decision = denied('unknown_card');
  else if (card.status === 'lost') decision = denied('card_lost');
  else if (card.status === 'detached') decision = denied('card_detached');
  else if (card.staffId) decision = denied('staff_card');
  else if (!member) decision = denied('unknown_card');
  else {
    // The checks saw the member the facts locked (else, sent before the facts' hand-over, they saw none: read them again).
    const rows = checked[0]?.memberId === member.id ? checked : await readChecks(ctx, { centerId: center.id, at });
    decision = await decideForMember(ctx, { member, center, at, day, config, rows });
    oldestUnpaidDue = rows[0]?.oldestUnpaidDue;
  }

  return writeDecision(ctx, {
    at,
    day,
    center,
    reader,
    cardNumber: input.card,
    cardId: card?.id ?? null,
    member: member ?? null,
    staff: facts.staff,
    decision,
    source: input.source ?? (reader ? 'reader' : 'desk'),
    scanId: input.scanId ?? null,
    language: config.defaultLanguage,
    oldestUnpaidDue,
  });
}
