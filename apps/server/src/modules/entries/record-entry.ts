/**
 * The entry rule: one use case that decides a tap and records it, in one transaction. The reasons
 * are checked in the contract's order (`ENTRY_DENIAL_REASONS`); the first that applies is recorded.
 * A member's taps are serialised by locking the member's row, so the duplicate window and the
 * credit taken hold under concurrent taps of one card; the entitlement state rows are locked too
 * (the ledger's own rule: a change appends rows on the state it locked).
 */
import { randomUUID } from 'node:crypto';
import type { Entry, EntrySource } from '@gym/contract/entries';
import { businessDate } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import { readAll } from '../../db/client.ts';
import { type centers, entries } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { runTransaction, type UseCaseContext } from '../../lib/use-case.ts';
import { markAttendedAtDoor } from '../bookings/index.ts';
import { appendLedger } from '../entitlements/index.ts';
import { type DoorMember, doorFacts, type MemberEntryInput, memberDoorFacts } from './door-facts.ts';
import { type Decision, decideForMember, denied, MAX_TAP_AGE_MS, MAX_TAP_AHEAD_MS, readChecks } from './door-rules.ts';
import { ENTRY_SCAN_INDEX, type EntryViewParts, getEntry, newEntryView, writeEntry } from './queries.ts';
import { entryNotification } from './words.ts';

export type { MemberEntryInput } from './door-facts.ts';
export { ENTRY_USAGES, isOpenAt, MAX_TAP_AGE_MS, MAX_TAP_AHEAD_MS } from './door-rules.ts';

export interface RecordEntryInput {
  centerId: string;
  card: string;
  sn?: string | null;
  scanId?: string;
  tappedAt?: string;
  source?: EntrySource;
}

type CenterRow = typeof centers.$inferSelect;

/** When the card was tapped: now, or an offline replay's time inside the allowed bounds. */
export function tapTime(ctx: UseCaseContext, tappedAt: string | undefined, path = 'tapped_at'): Date {
  const now = ctx.clock.now();
  if (!tappedAt) return now;
  const at = new Date(tappedAt);
  const refuse = (code: string, message: string) =>
    new AppError(400, 'validation_failed', message, [{ path, code, message }]);
  if (now.getTime() - at.getTime() > MAX_TAP_AGE_MS) throw refuse('tap_too_old', 'A tap older than 7 days');
  if (at.getTime() - now.getTime() > MAX_TAP_AHEAD_MS) throw refuse('tap_in_future', 'A tap in the future');
  return at;
}

export interface RecordedEntry {
  id: string;
  /** The entry as recorded (and announced, but for a duplicate). */
  entry: Entry;
  /** true when the scan id named an entry already recorded. */
  replay: boolean;
}

/**
 * Decides and records one tap, in a command of its own (`recordEntry`). A scan id recorded before
 * (a retried scan, or the same scan sent twice at once) fails that command's insert; it then answers
 * the entry the scan recorded, read once the other's commit is known (nothing new written or sent),
 * or 409 when that was at another centre.
 */
export async function recordTap(deps: AppDeps, auth: AuthContext, input: RecordEntryInput): Promise<RecordedEntry> {
  try {
    return await runTransaction(deps, auth, (ctx) => recordEntry(ctx, input));
  } catch (err) {
    if (!input.scanId || !isUniqueViolation(err, ENTRY_SCAN_INDEX)) throw err;
    const db = deps.database.db;
    const [row] = await db
      .select({ id: entries.id, centerId: entries.centerId })
      .from(entries)
      .where(and(eq(entries.organisationId, auth.organisationId), eq(entries.scanId, input.scanId)));
    // Not found: the other request's entry is not to be seen (it cannot have rolled back: this insert would have passed).
    if (!row) throw new AppError(409, 'conflict', 'This tap could not be recorded; send it again');
    if (row.centerId !== input.centerId)
      throw new AppError(409, 'conflict', 'This scan was recorded at another centre', [
        { path: 'scan_id', code: 'scan_id_used', message: 'This scan was recorded at another centre' },
      ]);
    return {
      id: row.id,
      replay: true,
      entry: await getEntry(db, { organisationId: auth.organisationId, centerIds: null }, row.id),
    };
  }
}

/**
 * Decides and records one tap, in the caller's transaction. A scan id recorded before fails the
 * transaction with a unique violation of `ENTRY_SCAN_INDEX` (on PostgreSQL at its commit: the entry
 * is written with it). `recordTap` answers that as a replay.
 */
export async function recordEntry(ctx: UseCaseContext, input: RecordEntryInput): Promise<RecordedEntry> {
  const at = tapTime(ctx, input.tappedAt);
  // The checks go right behind the facts, in one round trip on PostgreSQL; they read the member
  // the facts locked. The member's checks are only used when the card names a member.
  const [facts, checked] = await readAll(
    ctx.tx,
    () => doorFacts(ctx, input),
    () => readChecks(ctx, { centerId: input.centerId, at }),
  );
  const { center, reader, card, config } = facts;
  const day = businessDate(at, center.timeZone);
  // The card's member, locked by the facts' read: the window and the credit below see every earlier tap.
  const member = facts.member;
  let decision: Decision;

  if (!card) decision = denied('unknown_card');
  else if (card.status === 'lost') decision = denied('card_lost');
  else if (card.status === 'detached') decision = denied('card_detached');
  else if (card.staffId) decision = denied('staff_card');
  else if (!member) decision = denied('unknown_card');
  else {
    // The checks saw the member the facts locked (else, sent before the facts' hand-over, they saw none: read them again).
    const rows = checked[0]?.memberId === member.id ? checked : await readChecks(ctx, { centerId: center.id, at });
    decision = await decideForMember(ctx, { member, center, at, day, config, rows });
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
  });
}

/**
 * Checks a member in at the desk without a card (they forgot it, or never had one): the tap's
 * rule from the member on (status, entitlements, opening hours, balance, the duplicate window, a
 * credit taken, a booking marked attended), recorded as an entry with no card, `source` `desk`,
 * and announced to the centre's browsers like a tap. The caller's `Idempotency-Key` makes a repeat
 * answer the same entry.
 */
export async function recordMemberEntry(ctx: UseCaseContext, input: MemberEntryInput): Promise<RecordedEntry> {
  const at = ctx.clock.now();
  const facts = await memberDoorFacts(ctx, input);
  const { center, member, config } = facts;
  const day = businessDate(at, center.timeZone);
  const rows = await readChecks(ctx, { centerId: center.id, at });
  const decision = await decideForMember(ctx, { member, center, at, day, config, rows });
  return writeDecision(ctx, {
    at,
    day,
    center,
    reader: null,
    cardNumber: null,
    cardId: null,
    member,
    staff: facts.staff,
    decision,
    source: 'desk',
    scanId: null,
    language: config.defaultLanguage,
  });
}

interface Decided {
  at: Date;
  day: string;
  center: CenterRow;
  reader: EntryViewParts['reader'];
  cardNumber: string | null;
  cardId: string | null;
  member: DoorMember | null;
  staff: EntryViewParts['staff'];
  decision: Decision;
  source: EntrySource;
  scanId: string | null;
  /** The organisation's language: the entry notification's words. */
  language: string;
}

/**
 * Records a decided entry: the entry row, what it takes from the ledger, the booking it marks
 * attended, and the notification to the centre's browsers (but for a duplicate). One path for a
 * card's tap and a check-in without a card.
 */
async function writeDecision(ctx: UseCaseContext, d: Decided): Promise<RecordedEntry> {
  const { at, day, center, reader, member, decision } = d;
  const id = randomUUID();
  const values = {
    id,
    centerId: center.id,
    readerId: reader?.id ?? null,
    cardNumber: d.cardNumber,
    cardId: d.cardId,
    memberId: member?.id ?? null,
    result: decision.result,
    reason: decision.reason,
    grantedBy: decision.grantedBy,
    entitlementId: decision.entitlement?.id ?? null,
    daysLeft: decision.daysLeft,
    creditsLeft: decision.creditsLeft,
    source: d.source,
    scanId: d.scanId,
    tappedAt: at,
    businessDate: day,
    staffId: ctx.auth.userId,
  };
  // Not waited for on PostgreSQL: it goes with the commit. A scan id recorded before fails it (see `recordTap`).
  await writeEntry(ctx.tx, ctx.auth.organisationId, values);
  const parts: EntryViewParts = {
    center,
    reader,
    member,
    entitlement: decision.entitlement,
    staff: d.staff,
  };
  const entry = newEntryView(values, parts);
  if (decision.ledger && decision.entitlement && member) {
    await appendLedger(ctx, {
      entitlementId: decision.entitlement.id,
      memberId: member.id,
      rows: [
        decision.ledger.kind === 'use'
          ? { kind: 'use', creditsDelta: -1, refType: 'entry', refId: id, effectiveOn: day }
          : {
              kind: 'activate',
              validFrom: decision.ledger.validFrom,
              validUntil: decision.ledger.validUntil,
              refType: 'entry',
              refId: id,
              effectiveOn: day,
            },
      ],
      locked: decision.locked,
    });
  }
  if (decision.result === 'granted' && decision.booking && member) {
    await markAttendedAtDoor(ctx, { door: decision.booking, memberId: member.id, centerId: center.id, at });
  }
  // What follows the entry (ledger, attendance) changes nothing its view shows. A duplicate is not announced.
  if (decision.result !== 'duplicate') announceEntry(ctx, entry, d.language);
  return { id, replay: false, entry };
}

/** Tells every browser of the entry's centre (after the commit): the entry notification. */
export async function notifyEntry(ctx: UseCaseContext, id: string, language: string): Promise<Entry> {
  return announceEntry(
    ctx,
    await getEntry(ctx.tx, { organisationId: ctx.auth.organisationId, centerIds: null }, id),
    language,
  );
}

function announceEntry(ctx: UseCaseContext, entry: Entry, language: string): Entry {
  ctx.emit({
    type: 'entry.recorded',
    organisationId: ctx.auth.organisationId,
    centerId: entry.center.id,
    payload: { entryId: entry.id, result: entry.result, reason: entry.reason, memberId: entry.member?.id ?? null },
    realtime: { scope: 'center', centerId: entry.center.id, message: entryNotification(entry, language) },
  });
  return entry;
}
