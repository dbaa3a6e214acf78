/**
 * The entry rule: one use case that decides a tap and records it, in one transaction. The reasons
 * are checked in the contract's order (`ENTRY_DENIAL_REASONS`); the first that applies is recorded.
 * A member's taps are serialised by locking the member's row, so the duplicate window and the
 * credit taken hold under concurrent taps of one card; the entitlement state rows are locked too
 * (the ledger's own rule: a change appends rows on the state it locked).
 */
import { randomUUID } from 'node:crypto';
import { MAX_DUPLICATE_TAP_WINDOW_SECONDS } from '@gym/contract/config';
import type { Entry, EntryDenialReason, EntryGrant, EntryResult, EntrySource } from '@gym/contract/entries';
import { businessDate, daysBetween, wallClock } from '@gym/contract/time';
import { and, type Column, desc, eq, getTableColumns, gte, isNull, lte, sql } from 'drizzle-orm';
import { readAll } from '../../db/client.ts';
import { reusableStatement } from '../../db/reusable.ts';
import {
  cards,
  centers,
  entitlementState,
  entitlements,
  entries,
  members,
  organisations,
  readers,
  users,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { configOf } from '../../lib/settings.ts';
import { checkUsableCenter, organisationScopeOf, usableCenter } from '../../lib/tenant-db.ts';
import { runTransaction, type UseCaseContext } from '../../lib/use-case.ts';
import { DOOR_BOOKING_EARLY_MINUTES, doorBookingQuery, markAttendedAtDoor } from '../bookings/index.ts';
import { appendLedger, creditsAvailable, ENDED_PHASES, endOf, stateOf, statusOn } from '../entitlements/index.ts';
import { overdueMinorOn } from '../sales/index.ts';
import { ENTRY_SCAN_INDEX, type EntryViewParts, getEntry, newEntryView, writeEntry } from './queries.ts';
import { entryNotification } from './words.ts';

/** Credit packages whose credits open the door (decision: `any` and `class`; `pt` and `rental` do not). */
export const ENTRY_USAGES = ['any', 'class'] as const;
/** How old an offline replay may be, and how far ahead of the server's clock a tap may claim to be. */
export const MAX_TAP_AGE_MS = 7 * 24 * 3_600_000;
export const MAX_TAP_AHEAD_MS = 5 * 60_000;

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

/** The reader named by `sn` must be one of the organisation's, at this centre (422 otherwise). */
function checkReaderAt<R extends { centerId: string }>(
  center: CenterRow,
  sn: string | null | undefined,
  reader: R | null,
) {
  if (!sn) return null;
  if (!reader || reader.centerId !== center.id) {
    throw new AppError(422, 'business_rule', 'This reader is not a reader of this centre', [
      { path: 'sn', code: 'reader_not_at_center', message: 'This reader is not a reader of this centre' },
    ]);
  }
  return reader;
}

/**
 * The transaction's setting that hands the member the facts' read locked to the checks' read that
 * follows it in the same round trip (the checks are sent before the facts are answered).
 */
const DOOR_MEMBER_SETTING = 'gym.door_member';

/**
 * What a tap needs before the member's checks, in ONE read (a door's taps come many a second, and
 * each statement is a round trip): the centre (the centre rule), the organisation's settings, the
 * reader named by `sn` (422 unless it is at this centre), the card the number names (the one in
 * use, else the last detached) and the member it names, locked: the member's row lock serialises
 * their taps, and the reads after this statement (duplicate window, credits) see every earlier one.
 */
export async function doorFacts(
  ctx: UseCaseContext,
  input: { centerId: string; sn?: string | null | undefined; card: string },
) {
  const [row] = await (input.sn ? doorFactsAtReader : doorFactsAtDesk)(ctx.tx, ctx.auth.organisationId, {
    centerId: input.centerId,
    card: input.card,
    sn: input.sn ?? undefined,
    userId: ctx.auth.userId,
    one: 1,
  });
  // The caller's centres: the statement is the organisation's (it is built once for every caller).
  const allowed = row && (ctx.auth.centerIds === null || ctx.auth.centerIds.includes(row.center.id));
  const center = checkUsableCenter(allowed ? row.center : undefined, 'center_id');
  const reader = checkReaderAt(center, input.sn, row!.reader?.id ? row!.reader : null);
  return {
    center,
    reader,
    card: row!.card?.id
      ? (row!.card as { id: string; status: string; memberId: string | null; staffId: string | null })
      : undefined,
    member: row!.member?.id ? (row!.member as DoorMember) : undefined,
    staff: row!.staff?.id ? (row!.staff as { id: string; name: string }) : null,
    config: configOf(row!.org),
  };
}

/** What the door reads of a card's member: what its checks and its entry's view need (not the photo itself). */
const doorMemberColumns = {
  id: members.id,
  code: members.code,
  firstName: members.firstName,
  lastName: members.lastName,
  status: members.status,
  erasedAt: members.erasedAt,
  mergedInto: members.mergedInto,
  hasPhoto: sql<boolean>`(${members.photo} is not null)`.as('has_photo'),
};
type DoorMember = {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
  status: string;
  erasedAt: Date | null;
  mergedInto: string | null;
  hasPhoto: boolean;
};

/**
 * The statement of `doorFacts`, with or without a reader named (`sn`). Built once: a door's taps
 * come many a second, and building (or planning) this join cost more than running it.
 */
const doorFactsStatement = (withReader: boolean) =>
  reusableStatement(withReader ? 'door_facts' : 'door_facts_desk', (db, scope) => {
    const card = db
      .select({ id: cards.id, status: cards.status, memberId: cards.memberId, staffId: cards.staffId })
      .from(cards)
      .where(organisationScopeOf(scope, cards, eq(cards.number, sql.placeholder('card'))))
      .orderBy(sql`(${cards.status} = 'detached')`, desc(cards.attachedAt))
      .limit(sql.placeholder('one'))
      .as('card');
    // The card's member, locked (a lateral read: the lock is taken on the member row alone).
    const member = db
      .select(doorMemberColumns)
      .from(members)
      .where(organisationScopeOf(scope, members, eq(members.id, card.memberId)))
      .for('update')
      .as('member');
    return db
      .select({
        center: centers,
        org: { name: organisations.name, initial: organisations.initial, settings: organisations.settings },
        reader: { id: readers.id, centerId: readers.centerId, name: readers.name, sn: readers.sn },
        card: { id: card.id, status: card.status, memberId: card.memberId, staffId: card.staffId },
        member: {
          id: member.id,
          code: member.code,
          firstName: member.firstName,
          lastName: member.lastName,
          status: member.status,
          erasedAt: member.erasedAt,
          mergedInto: member.mergedInto,
          hasPhoto: member.hasPhoto,
        },
        // The staff member recording the tap, as the entry's view names them.
        staff: { id: users.id, name: users.fullName },
        // The member locked here, for the checks sent right behind this statement (`doorChecks`).
        handedOver: sql<string>`set_config(${sql.raw(`'${DOOR_MEMBER_SETTING}'`)}, coalesce(${member.id}::text, ''), true)`,
      })
      .from(centers)
      .innerJoin(organisations, eq(organisations.id, centers.organisationId))
      .leftJoin(
        readers,
        withReader
          ? organisationScopeOf(scope, readers, eq(readers.sn, sql.placeholder('sn')), isNull(readers.deletedAt))
          : sql`false`,
      )
      .leftJoin(card, sql`true`)
      .leftJoinLateral(member, sql`true`)
      .leftJoin(users, organisationScopeOf(scope, users, eq(users.id, sql.placeholder('userId'))))
      .where(organisationScopeOf(scope, centers, eq(centers.id, sql.placeholder('centerId'))));
  });
const doorFactsAtReader = doorFactsStatement(true);
const doorFactsAtDesk = doorFactsStatement(false);

/** Whether the centre is open at `at` (its opening hours, on its wall clock). No hours: always open. */
export function isOpenAt(center: Pick<CenterRow, 'openingHours' | 'timeZone'>, at: Date): boolean {
  const hours = center.openingHours ?? [];
  if (hours.length === 0) return true;
  const w = wallClock(at, center.timeZone);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  const day = hours.find((h) => h.day === weekday);
  if (!day || day.closed) return false;
  const now = `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
  return day.open <= now && now < day.close;
}

/** The entitlement an entry names, as its view shows it. */
type EntitlementView = { id: string; name: string; kind: string };
const entitlementView = (ent: EntitlementView): EntitlementView => ({ id: ent.id, name: ent.name, kind: ent.kind });

interface Decision {
  result: EntryResult;
  reason: EntryDenialReason | null;
  grantedBy: EntryGrant | null;
  entitlement: EntitlementView | null;
  daysLeft: number | null;
  creditsLeft: number | null;
  /** What to append to the entitlement's ledger once the entry row exists. */
  ledger: null | { kind: 'use' | 'activate'; validFrom?: string; validUntil?: string };
  locked?: ReturnType<typeof stateOf>;
  /** The member's class booked today at this centre, marked attended once the entry is granted. */
  booking?: { bookingId: string; classId: string };
}

const denied = (reason: EntryDenialReason, entitlement: EntitlementView | null = null): Decision => ({
  result: 'denied',
  reason,
  grantedBy: null,
  entitlement: entitlement && entitlementView(entitlement),
  daysLeft: null,
  creditsLeft: null,
  ledger: null,
});

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
    () => readChecks(ctx, input.centerId, at),
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
    const rows = checked[0]?.memberId === member.id ? checked : await readChecks(ctx, center.id, at);
    decision = await decideForMember(ctx, member, center, at, day, config, rows);
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

/** A check-in at the desk of a member without a card: the member (by id) and the centre. */
export interface MemberEntryInput {
  centerId: string;
  memberId: string;
}

/**
 * What a check-in without a card needs, as `doorFacts` reads for a tap: the centre (the centre rule),
 * the organisation's settings, the member, locked (their taps and check-ins take turns, so the
 * duplicate window and the credit hold), handed over to the checks' read, and the staff member
 * recording it. A member the caller may not see is 404 on `id`.
 */
async function memberDoorFacts(ctx: UseCaseContext, input: MemberEntryInput) {
  const center = await usableCenter(ctx.tx, ctx.auth, input.centerId, 'center_id');
  const [member] = await ctx.tx
    .select(doorMemberColumns)
    .from(members)
    .where(ctx.db.where(members, eq(members.id, input.memberId)))
    .for('update');
  if (!member)
    throw new AppError(404, 'not_found', 'Member not found', [
      { path: 'id', code: 'not_found', message: 'Member not found' },
    ]);
  const [[org], [staff]] = await Promise.all([
    ctx.tx
      .select({ name: organisations.name, initial: organisations.initial, settings: organisations.settings })
      .from(organisations)
      .where(eq(organisations.id, ctx.auth.organisationId)),
    ctx.tx
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(ctx.db.whereOrganisation(users, eq(users.id, ctx.auth.userId))),
    ctx.tx.execute(sql`select set_config(${DOOR_MEMBER_SETTING}, ${member.id}, true)`),
  ]);
  return { center, member: member as DoorMember, staff: staff ?? null, config: configOf(org!) };
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
  const rows = await readChecks(ctx, center.id, at);
  const decision = await decideForMember(ctx, member, center, at, day, config, rows);
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
    await markAttendedAtDoor(ctx, decision.booking, member.id, center.id, at);
  }
  // What follows the entry (ledger, attendance) changes nothing its view shows. A duplicate is not announced.
  if (decision.result !== 'duplicate') announceEntry(ctx, entry, d.language);
  return { id, replay: false, entry };
}

/**
 * Two tables' columns in one subquery: each column of `cols` selected as `prefix` + its field name
 * (both tables have an `id`), and read back from the subquery `sq` as an object keyed by field.
 */
function prefixed(prefix: string, cols: Record<string, Column>) {
  return Object.fromEntries(
    Object.entries(cols).map(([k, c]) => [`${prefix}${k}`, sql`${c}`.mapWith(c).as(`${prefix}${c.name}`)]),
  );
}
function unprefixed(prefix: string, cols: Record<string, Column>, sq: object) {
  return Object.fromEntries(Object.keys(cols).map((k) => [k, (sq as Record<string, unknown>)[`${prefix}${k}`]]));
}

type HeldRow = { ent: typeof entitlements.$inferSelect; state: typeof entitlementState.$inferSelect };

/** `ENDED_PHASES` as a literal of the checks' text (a fixed list: the statement stays built once). */
const ENDED = sql.raw(`'{${ENDED_PHASES.join(',')}}'`);

/**
 * What the member's checks read, in ONE statement once the member is locked (a door's taps come many
 * a second, and each statement is a round trip), one row per entitlement that may still let them in
 * (one row with none):
 * - `duplicateId`: a granted tap of the member at the centre between `from` and `to` (when `window`);
 * - `booking`: the class booked at the centre that lets them in (`doorBookingQuery`), locked;
 * - `ent` and `state`: each such entitlement with its state row, the state locked (the ledger appends
 *   on the state it locked); ended ones (`ENDED_PHASES`, past, used up) are neither read nor locked.
 * Its snapshot is taken after the member's lock is held: it sees every earlier tap of theirs. Its
 * own locks (the booking, the states) come after the member's, which every tap of theirs takes first.
 */
const doorChecks = reusableStatement('door_checks', (db, scope) => {
  const duplicate = db
    .select({ id: entries.id, tappedAt: entries.tappedAt })
    .from(entries)
    .where(
      organisationScopeOf(
        scope,
        entries,
        eq(entries.memberId, members.id),
        eq(entries.centerId, sql.placeholder('centerId')),
        sql`${entries.result} = 'granted'`,
        gte(entries.tappedAt, sql.placeholder('from')),
        lte(entries.tappedAt, sql.placeholder('to')),
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${entries.tappedAt} - ${sql.placeholder('at')}::timestamptz))`)
    .limit(sql.placeholder('one'))
    .as('duplicate');
  const booking = doorBookingQuery(db, scope, members.id).as('booking');
  const entColumns = getTableColumns(entitlements);
  const stateColumns = getTableColumns(entitlementState);
  const held = db
    .select({ ...prefixed('ent_', entColumns), ...prefixed('state_', stateColumns) })
    .from(entitlements)
    .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
    .where(
      organisationScopeOf(
        scope,
        entitlements,
        eq(entitlements.memberId, members.id),
        // Only what may still let the member in (see `decideForMember`): one not yet started, or
        // one not ended, not used up, not given back. A member's past years of memberships are
        // neither read nor locked at each tap. `since` is the tap's date in the westernmost time
        // zone, at or before its business date in any centre's; what ended since is judged as before.
        sql`(${entitlementState.phase} = 'pending' or (not ${entitlementState.phase} = any(${ENDED}::text[])
          and (${entitlementState.validUntil} is null or ${entitlementState.validUntil} >= ${sql.placeholder('since')}::date)
          and (${entitlementState.creditsLeft} is null or ${entitlementState.creditsLeft} - ${entitlementState.creditsHeld} > 0)))`,
      ),
    )
    .for('update', { of: entitlementState })
    .as('held');
  return db
    .select({
      memberId: members.id,
      duplicateAt: duplicate.tappedAt,
      booking: { bookingId: booking.bookingId, classId: booking.classId },
      ent: unprefixed('ent_', entColumns, held) as unknown as typeof entColumns,
      state: unprefixed('state_', stateColumns, held) as unknown as typeof stateColumns,
    })
    .from(members)
    .leftJoinLateral(duplicate, sql`true`)
    .leftJoinLateral(booking, sql`true`)
    .leftJoinLateral(held, sql`true`)
    .where(
      organisationScopeOf(
        scope,
        members,
        sql`${members.id} = nullif(current_setting(${sql.raw(`'${DOOR_MEMBER_SETTING}'`)}, true), '')::uuid`,
      ),
    );
});

type CheckRows = Awaited<ReturnType<typeof doorChecks>>;

/** The zone whose day is the earliest of any (UTC−12): its business date of an instant is at or before every centre's. */
const WESTERNMOST_ZONE = 'Etc/GMT+12';

/**
 * The checks' read (`doorChecks`) for the member the facts' read locked and handed over, sent in the
 * same round trip as the facts (its snapshot is still taken once the lock is held: PostgreSQL runs
 * them one after the other). The longest duplicate window is read; the organisation's is applied
 * once the facts are known.
 */
function readChecks(ctx: UseCaseContext, centerId: string, at: Date): Promise<CheckRows> {
  const longest = MAX_DUPLICATE_TAP_WINDOW_SECONDS * 1000;
  return doorChecks(ctx.tx, ctx.auth.organisationId, {
    centerId,
    from: new Date(at.getTime() - longest).toISOString(),
    to: new Date(at.getTime() + longest).toISOString(),
    startsBy: new Date(at.getTime() + DOOR_BOOKING_EARLY_MINUTES * 60_000).toISOString(),
    at: at.toISOString(),
    since: businessDate(at, WESTERNMOST_ZONE),
    one: 1,
  });
}

/** The checks that need the member: duplicate window, status, entitlements, hours, overdue. */
async function decideForMember(
  ctx: UseCaseContext,
  member: DoorMember,
  center: CenterRow,
  at: Date,
  day: string,
  config: ReturnType<typeof configOf>,
  rows: CheckRows,
): Promise<Decision> {
  // Read once the member was locked: a granted tap of this member at this centre inside the
  // window, before or after this one (taps that wait for the member's lock, and offline replays,
  // arrive out of order), the class booked here that lets them in, and their entitlements.
  const windowMs = Math.min(config.duplicateTapWindowSeconds, MAX_DUPLICATE_TAP_WINDOW_SECONDS) * 1000;
  const nearest = rows[0]?.duplicateAt;
  if (windowMs > 0 && nearest && Math.abs(new Date(nearest).getTime() - at.getTime()) <= windowMs)
    return {
      result: 'duplicate',
      reason: null,
      grantedBy: null,
      entitlement: null,
      daysLeft: null,
      creditsLeft: null,
      ledger: null,
    };
  if (member.status === 'left' || member.erasedAt || member.mergedInto) return denied('member_left');
  if (member.status === 'frozen') return denied('member_frozen');

  const held = rows.filter((r) => r.ent?.id) as HeldRow[];
  const here = held
    .filter(({ ent }) => ent.allCenters || ent.centerIds.includes(center.id))
    .map(({ ent, state }) => ({ ent, state: stateOf(state), status: statusOn(stateOf(state), day) }));
  const byEnd = (a: string | null, b: string | null) => (a ?? '9999-12-31').localeCompare(b ?? '9999-12-31');
  // The membership with the most days left; else one that starts at its first entry; else credits.
  const membership = here
    .filter((h) => h.ent.kind === 'membership' && h.status === 'active')
    .sort((a, b) => byEnd(b.state.validUntil, a.state.validUntil))[0];
  const firstEntry = here.find(
    (h) => h.ent.kind === 'membership' && h.ent.startRule === 'first_entry' && h.state.phase === 'pending',
  );
  const pack = here
    .filter(
      (h) =>
        h.ent.kind === 'package' &&
        h.status === 'active' &&
        (ENTRY_USAGES as readonly string[]).includes(h.ent.usage ?? '') &&
        creditsAvailable(h.state) > 0,
    )
    .sort(
      (a, b) =>
        byEnd(a.state.validUntil, b.state.validUntil) || (a.state.creditsLeft ?? 0) - (b.state.creditsLeft ?? 0),
    )[0];
  // A class booked at this centre starting within the hour lets the member in before credits (the booking paid already),
  // and a granted entry marks that booking attended, in this transaction (decisions.d/classes-server.md).
  const found = rows[0]?.booking;
  const booking = found?.bookingId ? { bookingId: found.bookingId, classId: found.classId! } : undefined;
  const chosen = membership ?? firstEntry ?? (booking ? undefined : pack);
  if (!chosen && !booking && here.some((h) => h.status === 'frozen')) return denied('member_frozen');
  if (!isOpenAt(center, at)) return denied('outside_opening_hours', chosen?.ent ?? null);
  if (!chosen && !booking) return denied('no_entitlement');
  if (!chosen && booking) {
    if (config.entryOverdueToleranceMinor !== null) {
      const overdue = await overdueMinorOn(ctx.tx, ctx.auth.organisationId, member.id, day);
      if (overdue > config.entryOverdueToleranceMinor) return denied('overdue_balance');
    }
    return {
      result: 'granted',
      reason: null,
      grantedBy: 'booking',
      entitlement: null,
      daysLeft: null,
      creditsLeft: null,
      ledger: null,
      booking,
    };
  }
  if (!chosen) return denied('no_entitlement');
  if (config.entryOverdueToleranceMinor !== null) {
    const overdue = await overdueMinorOn(ctx.tx, ctx.auth.organisationId, member.id, day);
    if (overdue > config.entryOverdueToleranceMinor) return denied('overdue_balance', chosen.ent);
  }
  // `agreement_missing` is reserved: signed agreements do not exist yet.
  const daysLeft = (until: string | null) => (until ? daysBetween(day, until) + 1 : null);
  if (chosen === membership)
    return {
      result: 'granted',
      reason: null,
      grantedBy: 'membership',
      entitlement: entitlementView(chosen.ent),
      daysLeft: daysLeft(chosen.state.validUntil),
      creditsLeft: null,
      ledger: null,
      booking,
    };
  if (chosen === firstEntry) {
    const until = endOf(day, chosen.ent.durationValue, chosen.ent.durationUnit as 'day');
    return {
      result: 'granted',
      reason: null,
      grantedBy: 'membership',
      entitlement: entitlementView(chosen.ent),
      daysLeft: daysLeft(until),
      creditsLeft: null,
      ledger: { kind: 'activate', validFrom: day, validUntil: until },
      locked: chosen.state,
      booking,
    };
  }
  return {
    result: 'granted',
    reason: null,
    grantedBy: 'credit',
    entitlement: entitlementView(chosen.ent),
    daysLeft: null,
    creditsLeft: creditsAvailable(chosen.state) - 1,
    ledger: { kind: 'use' },
    locked: chosen.state,
  };
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
