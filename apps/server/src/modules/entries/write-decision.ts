/** What a decided entry writes (the entry, its ledger row, the booking it marks attended) and announces. */
import { randomUUID } from 'node:crypto';
import type { Entry, EntrySource } from '@gym/contract/entries';
import type { centers } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { markAttendedAtDoor } from '../bookings/index.ts';
import { appendLedger } from '../entitlements/index.ts';
import { overdueFlag } from '../payments/index.ts';
import { type DoorMember, doorHandle } from './door-facts.ts';
import type { Decision } from './door-rules.ts';
import { type EntryViewParts, getEntry, newEntryView, writeEntry } from './queries.ts';
import { entryNotification } from './words.ts';

type CenterRow = typeof centers.$inferSelect;

export interface RecordedEntry {
  id: string;
  /** The entry as recorded (and announced, but for a duplicate). */
  entry: Entry;
  /** true when the scan id named an entry already recorded. */
  replay: boolean;
}

export interface Decided {
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
  /** The due date of the member's oldest unpaid installment (the checks' read): overdue before `day`. */
  oldestUnpaidDue?: string | null | undefined;
}

/**
 * Records a decided entry: the entry row, what it takes from the ledger, the booking it marks
 * attended, and the notification to the centre's browsers (but for a duplicate). One path for a
 * card's tap and a check-in without a card.
 */
export async function writeDecision(ctx: UseCaseContext, d: Decided): Promise<RecordedEntry> {
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
  // Not waited for on PostgreSQL: it goes with the commit. A scan id recorded before fails it (see `recordedTap`).
  await writeEntry(doorHandle(ctx), ctx.auth.organisationId, values);
  const parts: EntryViewParts = {
    center,
    reader,
    member,
    entitlement: decision.entitlement,
    staff: d.staff,
  };
  const entry = newEntryView(values, parts);
  // The door warns of a payment overdue and lets the member in (decisions-pending/reminders.md).
  if (decision.result === 'granted' && member && d.oldestUnpaidDue && d.oldestUnpaidDue < day) {
    const overdue = await overdueFlag(ctx.db, { memberId: member.id, day });
    if (overdue) entry.overdue = overdue;
  }
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
  if (decision.result !== 'duplicate') announceEntry(ctx, { entry, language: d.language });
  return { id, replay: false, entry };
}

/** Tells every browser of the entry's centre (after the commit): the entry notification. */
export async function notifyEntry(
  ctx: UseCaseContext,
  { id, language }: { id: string; language: string },
): Promise<Entry> {
  return announceEntry(ctx, { entry: await getEntry(ctx, { id, wholeOrganisation: true }), language });
}

function announceEntry(ctx: UseCaseContext, { entry, language }: { entry: Entry; language: string }): Entry {
  ctx.emit({
    type: 'entry.recorded',
    organisationId: ctx.auth.organisationId,
    centerId: entry.center.id,
    payload: { entryId: entry.id, result: entry.result, reason: entry.reason, memberId: entry.member?.id ?? null },
    realtime: { scope: 'center', centerId: entry.center.id, message: entryNotification(entry, language) },
  });
  return entry;
}
