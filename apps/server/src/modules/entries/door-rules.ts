/**
 * The entry rule's checks: the centre's hours, the member's status, the duplicate window, the
 * entitlements that let the member in (read and locked in one statement built once) and what is
 * overdue, in the contract's order (`ENTRY_DENIAL_REASONS`); the first that applies is the decision.
 */
import { MAX_DUPLICATE_TAP_WINDOW_SECONDS } from '@gym/contract/config';
import type { EntryDenialReason, EntryGrant, EntryResult } from '@gym/contract/entries';
import { businessDate, daysBetween, wallClock } from '@gym/contract/time';
import { type Column, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import { reusableStatement } from '../../db/reusable.ts';
import { type centers, entitlementState, entitlements, entries, members } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { configOf } from '../../lib/settings.ts';
import { organisationScopeOf } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { DOOR_BOOKING_EARLY_MINUTES, doorBookingQuery } from '../bookings/index.ts';
import { creditsAvailable, ENDED_PHASES, endOf, stateOf, statusOn } from '../entitlements/index.ts';
import { oldestUnpaidDueSql, overdueMinorOn } from '../sales/index.ts';
import { hasSigned } from '../signatures/index.ts';
import { DOOR_MEMBER_SETTING, type DoorMember, doorHandle } from './door-facts.ts';

type CenterRow = typeof centers.$inferSelect;

/** Credit packages whose credits open the door (decision: `any` and `class`; `pt` and `rental` do not). */
export const ENTRY_USAGES = ['any', 'class'] as const;
/** How old an offline replay may be, and how far ahead of the server's clock a tap may claim to be. */
export const MAX_TAP_AGE_MS = 7 * 24 * 3_600_000;
export const MAX_TAP_AHEAD_MS = 5 * 60_000;

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
export type EntitlementView = { id: string; name: string; kind: string };
export const entitlementView = (ent: EntitlementView): EntitlementView => ({
  id: ent.id,
  name: ent.name,
  kind: ent.kind,
});

export interface Decision {
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

export const denied = (reason: EntryDenialReason, entitlement: EntitlementView | null = null): Decision => ({
  result: 'denied',
  reason,
  grantedBy: null,
  entitlement: entitlement && entitlementView(entitlement),
  daysLeft: null,
  creditsLeft: null,
  ledger: null,
});

/**
 * Two tables' columns in one subquery: each column of `cols` selected as `prefix` + its field name
 * (both tables have an `id`), and read back from the subquery `sq` as an object keyed by field.
 */
export function prefixed(prefix: string, cols: Record<string, Column>) {
  return Object.fromEntries(
    Object.entries(cols).map(([k, c]) => [`${prefix}${k}`, sql`${c}`.mapWith(c).as(`${prefix}${c.name}`)]),
  );
}
export function unprefixed(prefix: string, cols: Record<string, Column>, sq: object) {
  return Object.fromEntries(Object.keys(cols).map((k) => [k, (sq as Record<string, unknown>)[`${prefix}${k}`]]));
}

export type HeldRow = { ent: typeof entitlements.$inferSelect; state: typeof entitlementState.$inferSelect };

/** `ENDED_PHASES` as a literal of the checks' text (a fixed list: the statement stays built once). */
export const ENDED = sql.raw(`'{${ENDED_PHASES.join(',')}}'`);

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
export const doorChecks = reusableStatement('door_checks', (db, scope) => {
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
      // The door's overdue warning: compared with the tap's business date once the centre is known.
      oldestUnpaidDue: oldestUnpaidDueSql(members.id, members.organisationId),
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

export type CheckRows = Awaited<ReturnType<typeof doorChecks>>;

/** The zone whose day is the earliest of any (UTC−12): its business date of an instant is at or before every centre's. */
export const WESTERNMOST_ZONE = 'Etc/GMT+12';

/**
 * The checks' read (`doorChecks`) for the member the facts' read locked and handed over, sent in the
 * same round trip as the facts (its snapshot is still taken once the lock is held: PostgreSQL runs
 * them one after the other). The longest duplicate window is read; the organisation's is applied
 * once the facts are known.
 */
export function readChecks(ctx: UseCaseContext, { centerId, at }: { centerId: string; at: Date }): Promise<CheckRows> {
  const longest = MAX_DUPLICATE_TAP_WINDOW_SECONDS * 1000;
  return doorChecks(doorHandle(ctx), ctx.auth.organisationId, {
    centerId,
    from: new Date(at.getTime() - longest).toISOString(),
    to: new Date(at.getTime() + longest).toISOString(),
    startsBy: new Date(at.getTime() + DOOR_BOOKING_EARLY_MINUTES * 60_000).toISOString(),
    at: at.toISOString(),
    since: businessDate(at, WESTERNMOST_ZONE),
    one: 1,
  });
}

/** The "waiver signed" rule, when the organisation has it: one indexed lookup of the member's signed waiver. */
async function waiverMissing(ctx: UseCaseContext, memberId: string, config: ReturnType<typeof configOf>) {
  return config.entryRequiresWaiver === true && !(await hasSigned(ctx.db, memberId, 'waiver'));
}

/** The checks that need the member: duplicate window, status, entitlements, hours, overdue. */
export async function decideForMember(
  ctx: UseCaseContext,
  {
    member,
    center,
    at,
    day,
    config,
    rows,
  }: {
    member: DoorMember;
    center: CenterRow;
    at: Date;
    day: string;
    config: ReturnType<typeof configOf>;
    rows: CheckRows;
  },
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
      const overdue = await overdueMinorOn(ctx.db, { memberId: member.id, day });
      if (overdue > config.entryOverdueToleranceMinor) return denied('overdue_balance');
    }
    if (await waiverMissing(ctx, member.id, config)) return denied('agreement_missing');
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
    const overdue = await overdueMinorOn(ctx.db, { memberId: member.id, day });
    if (overdue > config.entryOverdueToleranceMinor) return denied('overdue_balance', chosen.ent);
  }
  if (await waiverMissing(ctx, member.id, config)) return denied('agreement_missing', chosen.ent);
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

/** When the card was tapped: now, or an offline replay's time inside the allowed bounds. */
export function tapTime(
  ctx: Pick<UseCaseContext, 'clock'>,
  { tappedAt, path = 'tapped_at' }: { tappedAt: string | undefined; path?: string },
): Date {
  const now = ctx.clock.now();
  if (!tappedAt) return now;
  const at = new Date(tappedAt);
  const refuse = (code: string, message: string) =>
    new AppError(400, 'validation_failed', message, [{ path, code, message }]);
  if (now.getTime() - at.getTime() > MAX_TAP_AGE_MS) throw refuse('tap_too_old', 'A tap older than 7 days');
  if (at.getTime() - now.getTime() > MAX_TAP_AHEAD_MS) throw refuse('tap_in_future', 'A tap in the future');
  return at;
}
