import { businessDate, wallClock } from '@gym/contract/time';
import { and, eq, or } from 'drizzle-orm';
import { staffAttendance, users } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { doorFacts } from './door-facts.ts';
import { minutesBetween, openAttendanceWhere } from './queries.ts';
import { tapTime } from './record-entry.ts';

export interface ClockInput {
  centerId: string;
  card: string;
  sn?: string | null;
  scanId?: string;
  tappedAt?: string;
}

export type ClockOutcome =
  | { kind: 'not_staff' }
  | { kind: 'in' | 'out'; attendanceId: string; name: string; time: string; minutes: number };

const hhmm = (at: Date, timeZone: string) => {
  const w = wallClock(at, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

/**
 * A staff card's owner clocks in at the centre, or out when a clock-in of theirs is open there on
 * the centre's business date. The staff member's row is locked (two taps at once make one change);
 * a scan id seen before answers what it recorded.
 */
export async function clockStaff(ctx: UseCaseContext, input: ClockInput): Promise<ClockOutcome> {
  const { center, card } = await doorFacts(ctx, input);
  const at = tapTime(ctx, input.tappedAt);
  const day = businessDate(at, center.timeZone);
  if (card?.status !== 'active' || !card.staffId) return { kind: 'not_staff' };
  const [person] = await ctx.tx
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.id, card.staffId), eq(users.organisationId, ctx.auth.organisationId)))
    .for('update');
  if (!person) return { kind: 'not_staff' };

  if (input.scanId) {
    const [seen] = await ctx.tx
      .select()
      .from(staffAttendance)
      .where(
        ctx.db.whereOrganisation(
          staffAttendance,
          or(eq(staffAttendance.inScanId, input.scanId), eq(staffAttendance.outScanId, input.scanId)),
        ),
      );
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

  const [open] = await ctx.tx
    .select()
    .from(staffAttendance)
    .where(ctx.db.whereOrganisation(staffAttendance, openAttendanceWhere(person.id, center.id, day)))
    .for('update');
  if (open && at >= open.inAt) {
    await ctx.tx
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
