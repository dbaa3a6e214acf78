import { randomUUID } from 'node:crypto';
import { type bookPtSessionRequestSchema, PT_CODES, PT_EVENTS, type PtSession } from '@gym/contract/pt';
import { zonedInstant } from '@gym/contract/time';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { members, ptSessions, trainerDaysOff, trainerHours, userCenters } from '../../db/schema/index.ts';
import { notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertSlotFree, checkRoom, isoWeekday } from '../classes/index.ts';
import { appendLedger, creditsAvailable, lockState, statusOn } from '../entitlements/index.ts';
import { getSession, trainerOf } from './queries.ts';
import { emitSessionEvent, notYours, ptPackageOf, ptRule } from './session-rules.ts';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Books a PT session on a member's PT package. The package must hold at the centre and be active on
 * the date with a credit left once the sessions already booked on it are counted (its state row is
 * locked first, so two desks cannot book its last credit twice); the trainer must work at the centre
 * then (working hours, no day off) and, with the room, be free of classes and other sessions. The
 * session holds one credit of the package (a `hold` ledger row): nothing else may use it, and
 * completing the session spends it (or cancelling in time frees it).
 */
export async function bookPtSession(
  ctx: UseCaseContext,
  input: z.infer<typeof bookPtSessionRequestSchema>,
): Promise<PtSession> {
  if (ctx.auth.role === 'trainer' && input.trainerId !== ctx.auth.userId) throw notYours();
  const center = await ctx.db.usableCenter(input.centerId);
  const ent = await ptPackageOf(ctx, input.entitlementId);
  const member = await ctx.db.wholeOrganisation.first(members, eq(members.id, ent.memberId));
  if (!member || member.mergedInto || member.erasedAt || member.status === 'left') {
    throw ptRule('entitlementId', PT_CODES.packageNotUsable, 'This member cannot book sessions');
  }
  if (!(ent.allCenters || ent.centerIds.includes(center.id))) {
    throw ptRule('centerId', PT_CODES.notAtCentre, 'This package cannot be used at this centre');
  }
  const today = ctx.clock.today(center.timeZone);
  if (input.date < today) throw ptRule('date', PT_CODES.inThePast, 'This date has passed');

  const trainer = await trainerOf(ctx, { trainerId: input.trainerId, path: 'trainerId' });
  if (!trainer.active) throw notFoundAt('trainerId', 'Trainer');
  // Who gives PT: staff flagged as trainers (every `trainer` is), working at the centre.
  if (!trainer.isTrainer && trainer.role !== 'trainer') {
    throw ptRule('trainerId', PT_CODES.notATrainer, 'This staff member is not a trainer');
  }
  if (!trainer.allCenters) {
    const [works] = await ctx.db
      .select()
      .from(userCenters)
      .where(and(eq(userCenters.userId, trainer.id), eq(userCenters.centerId, center.id)));
    if (!works) throw ptRule('trainerId', PT_CODES.notATrainer, 'This trainer does not work in this centre');
  }
  if (input.roomId) await checkRoom(ctx, { centerId: center.id, roomId: input.roomId });

  const start = minutesOf(input.startTime);
  const end = start + input.durationMinutes;
  const hours = await ctx.db
    .select()
    .from(trainerHours)
    .where(
      and(
        eq(trainerHours.trainerId, trainer.id),
        eq(trainerHours.centerId, center.id),
        eq(trainerHours.weekday, isoWeekday(input.date)),
      ),
    );
  if (!hours.some((h) => minutesOf(h.startTime) <= start && end <= minutesOf(h.endTime))) {
    throw ptRule('startTime', PT_CODES.outsideTrainerHours, 'The trainer does not work at this centre at this time');
  }
  const [dayOff] = await ctx.db
    .select()
    .from(trainerDaysOff)
    .where(
      and(
        eq(trainerDaysOff.trainerId, trainer.id),
        lte(trainerDaysOff.fromDate, input.date),
        gte(trainerDaysOff.toDate, input.date),
      ),
    );
  if (dayOff) throw ptRule('date', PT_CODES.trainerDayOff, 'The trainer is off on this day');

  // The package: locked, then the credits its booked sessions do not already hold.
  const state = await lockState(ctx, { entitlementId: ent.id });
  const status = state ? statusOn(state, input.date) : 'pending';
  if (!state || (status !== 'active' && status !== 'used_up')) {
    throw ptRule('entitlementId', PT_CODES.packageNotUsable, `This package is ${status} on ${input.date}`);
  }
  if (creditsAvailable(state) < 1) {
    throw ptRule('entitlementId', PT_CODES.noCreditLeft, 'Every credit of this package is used or booked');
  }

  const startsAt = zonedInstant(input.date, input.startTime, center.timeZone);
  const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);
  await assertSlotFree(ctx, {
    trainerId: trainer.id,
    roomId: input.roomId ?? null,
    startsAt,
    endsAt,
    timeZone: center.timeZone,
  });

  const id = randomUUID();
  await ctx.db.insert(ptSessions, {
    id,
    centerId: center.id,
    memberId: ent.memberId,
    trainerId: trainer.id,
    roomId: input.roomId ?? null,
    entitlementId: ent.id,
    businessDate: input.date,
    startTime: input.startTime,
    durationMinutes: input.durationMinutes,
    startsAt,
    endsAt,
    status: 'booked',
    notes: input.notes ?? null,
    bookedBy: ctx.auth.userId,
  });
  await appendLedger(ctx, {
    entitlementId: ent.id,
    memberId: ent.memberId,
    rows: [
      { kind: 'hold', heldDelta: 1, refType: 'pt_session', refId: id, reason: 'PT session booked', effectiveOn: today },
    ],
    locked: state,
  });
  emitSessionEvent(ctx, {
    type: PT_EVENTS.sessionBooked,
    session: { id, centerId: center.id, memberId: ent.memberId, trainerId: trainer.id },
    more: { entitlementId: ent.id },
  });
  return getSession(ctx, { id });
}
