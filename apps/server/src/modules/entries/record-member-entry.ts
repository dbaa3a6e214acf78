import { businessDate } from '@gym/contract/time';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { type MemberEntryInput, memberDoorFacts } from './door-facts.ts';
import { decideForMember, readChecks } from './door-rules.ts';
import { type RecordedEntry, writeDecision } from './write-decision.ts';

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
    oldestUnpaidDue: rows[0]?.oldestUnpaidDue,
  });
}
