/**
 * The demo's personal training: the trainer's working hours at Causeway Bay, a PT rule of
 * commission for trainers, and Chan Tai Man's "PT 10 sessions" (bought a month ago) with three
 * sessions done and two booked in the PT Room. Written through the PT use cases on their own
 * business dates (five sessions: a few milliseconds), after the classes, so the timetable checks
 * see the trainer's classes.
 */

import type { Role } from '@gym/contract/acl';
import { addDays, businessDate } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { cards, commissionRules, creditPackages, members, rooms, trainerHours } from '../db/schema/index.ts';
import { bookPtSession, completePtSession } from '../modules/pt/index.ts';
import { DEMO_FIXED_MEMBER } from './demo-members.ts';
import { clockOn, contextFor, demoPlaces, sellPaidByCard } from './demo-sales.ts';

const HK = 100;
/** The demo trainer's week at Causeway Bay: early to late on weekdays, shorter at the weekend. */
const HOURS = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '06:30', end: '21:30' })),
  ...[6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
];
/** Days (from today) of the sessions: done in the past, booked ahead; 09:00 in the PT Room is free of the trainer's classes and of the e2e classes (13:30-17:15). */
const DONE = [-21, -14, -7];
const BOOKED = [2, 5];
const SESSION_TIME = '09:00';

export async function seedDemoPt(tx: Db | DbOrTx, organisationId: string, now = new Date()): Promise<void> {
  const { cwb, staff } = await demoPlaces(tx, organisationId);
  const trainer = staff('trainer');
  const desk = staff('frontdesk');
  if (!cwb || !trainer || !desk) return;
  await tx.insert(trainerHours).values(
    HOURS.map((h) => ({
      organisationId,
      trainerId: trainer.id,
      centerId: cwb.id,
      weekday: h.weekday,
      startTime: h.start,
      endTime: h.end,
    })),
  );
  await tx
    .insert(commissionRules)
    .values({ organisationId, role: 'trainer', itemType: 'pt_session', kind: 'fixed', amountMinor: 150 * HK });

  const [chan] = await tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(cards, eq(cards.memberId, members.id))
    .where(and(eq(members.organisationId, organisationId), eq(cards.number, DEMO_FIXED_MEMBER.cardNumber)));
  const [pack] = await tx
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.organisationId, organisationId), eq(creditPackages.usage, 'pt')));
  const [ptRoom] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.centerId, cwb.id), eq(rooms.name, 'PT Room')));
  if (!chan || !pack) return;

  const today = businessDate(now, cwb.timeZone);
  const as = (who: { id: string; role: string }, day: string) =>
    contextFor(tx, { id: who.id, role: who.role as Role }, organisationId, clockOn(day, cwb.timeZone));
  const invoice = await sellPaidByCard(as(desk, addDays(today, -30)), {
    memberId: chan.id,
    centerId: cwb.id,
    itemType: 'package',
    item: pack,
    soldById: trainer.id,
  });
  const entitlementId = invoice.lines[0]!.entitlementId!;
  for (const offset of [...DONE, ...BOOKED]) {
    const day = addDays(today, offset);
    // Each is booked on its own day (a past date cannot be booked) and the past ones are completed by the trainer.
    const session = await bookPtSession(as(desk, offset < 0 ? day : today), {
      entitlementId,
      centerId: cwb.id,
      trainerId: trainer.id,
      roomId: ptRoom?.id ?? null,
      date: day,
      startTime: SESSION_TIME,
      durationMinutes: 60,
    });
    if (offset < 0) await completePtSession(as(trainer, day), { id: session.id });
  }
}
