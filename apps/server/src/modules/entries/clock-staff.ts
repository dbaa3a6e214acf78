import type { clockResponseSchema } from '@gym/contract/entries';
import { businessDate, wallClock } from '@gym/contract/time';
import { eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import { staffAttendance, users } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { doorFacts } from './door-facts.ts';
import { tapTime } from './door-rules.ts';
import { getAttendance, minutesBetween, openAttendanceWhere } from './queries.ts';
import { wordsFor } from './words.ts';

type ClockResponse = z.infer<typeof clockResponseSchema>;

export interface ClockInput {
  centerId: string;
  card: string;
  sn?: string | null;
  scanId?: string;
  tappedAt?: string;
}

type ClockOutcome =
  | { kind: 'not_staff' }
  | { kind: 'in' | 'out'; attendanceId: string; name: string; time: string; minutes: number };

const hhmm = (at: Date, timeZone: string) => {
  const w = wallClock(at, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

/**
 * A staff card's owner clocks in at the centre, or out when a clock-in of theirs is open there on
 * the centre's business date. The staff member's row is locked (two taps at once make one change);
 * a scan id seen before answers what it recorded. The answer says it in the caller's language, with
 * the clock-in (of any centre of the organisation: the card's owner, not the caller, is its subject).
 */
export async function clockStaff(ctx: UseCaseContext, input: ClockInput): Promise<ClockResponse> {
  const done = await clock(ctx, input);
  const words = wordsFor(ctx.auth.language);
  if (done.kind === 'not_staff')
    return { result: false, state: null, message: words.notStaffCard(input.card), attendance: null };
  return {
    result: true,
    state: done.kind,
    message:
      done.kind === 'in' ? words.clockedIn(done.name, done.time) : words.clockedOut(done.name, done.time, done.minutes),
    attendance: await getAttendance({ db: ctx.db.wholeOrganisation }, { id: done.attendanceId }),
  };
}

async function clock(ctx: UseCaseContext, input: ClockInput): Promise<ClockOutcome> {
  const { center, card } = await doorFacts(ctx, input);
  const at = tapTime(ctx, { tappedAt: input.tappedAt });
  const day = businessDate(at, center.timeZone);
  if (card?.status !== 'active' || !card.staffId) return { kind: 'not_staff' };
  const [person] = await ctx.db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(eq(users.id, card.staffId))
    .for('update');
  if (!person) return { kind: 'not_staff' };

  if (input.scanId) {
    const [seen] = await ctx.db.wholeOrganisation
      .select()
      .from(staffAttendance)
      .where(or(eq(staffAttendance.inScanId, input.scanId), eq(staffAttendance.outScanId, input.scanId)));
    if (seen) {
      const out = seen.outScanId === input.scanId;
      const when = out ? seen.outAt! : seen.inAt;
      return {
        kind: out ? 'out' : 'in',
        attendanceId: seen.id,
        name: person.name,
        time: hhmm(when, center.timeZone),
        minutes: out ? minutesBetween(seen.inAt, seen.outAt!) : 0,
      };
    }
  }

  const [open] = await ctx.db.wholeOrganisation
    .select()
    .from(staffAttendance)
    .where(openAttendanceWhere(person.id, center.id, day))
    .for('update');
  if (open && at >= open.inAt) {
    await ctx.db.wholeOrganisation
      .update(staffAttendance)
      .set({ outAt: at, outScanId: input.scanId ?? null })
      .where(eq(staffAttendance.id, open.id));
    return {
      kind: 'out',
      attendanceId: open.id,
      name: person.name,
      time: hhmm(at, center.timeZone),
      minutes: minutesBetween(open.inAt, at),
    };
  }
  const [row] = await ctx.db.insert(staffAttendance, {
    centerId: center.id,
    staffId: person.id,
    businessDate: day,
    inAt: at,
    inScanId: input.scanId ?? null,
  });
  ctx.emit({
    type: 'staff.clocked_in',
    organisationId: ctx.auth.organisationId,
    centerId: center.id,
    payload: { attendanceId: row!.id, staffId: person.id },
    realtime: false,
  });
  return { kind: 'in', attendanceId: row!.id, name: person.name, time: hhmm(at, center.timeZone), minutes: 0 };
}
