import { addDays, businessDate } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { classTypes, creditPackages, rooms } from '../db/schema/index.ts';
import { clockAt } from '../lib/clock.ts';
import { tenantDb } from '../lib/tenant-db.ts';
import { createClass, isoWeekday } from '../modules/classes/index.ts';
import { insertMember } from '../modules/members/index.ts';
import { buildUser } from './builders.ts';
import { clockOn, contextFor, demoPlaces, sellPaidByCard } from './demo-sales.ts';

export const DEMO_RENTAL_TEACHER = {
  firstName: 'Iris',
  lastName: 'Yeung',
  email: 'iris.yeung@demo.fit',
  phone: '+852 5550 0199',
} as const;
const WEEKDAY = 3;
const START = '09:00';
const WEEKS = 6;

export async function seedDemoRental(tx: Db | DbOrTx, organisationId: string, now = new Date()): Promise<void> {
  const { cwb, staff } = await demoPlaces(tx, organisationId);
  const manager = staff('manager');
  const desk = staff('frontdesk');
  const client = staff('client');
  const [pack] = await tx
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.organisationId, organisationId), eq(creditPackages.usage, 'rental')));
  const [studio] = cwb
    ? await tx
        .select()
        .from(rooms)
        .where(and(eq(rooms.centerId, cwb.id), eq(rooms.name, 'Studio A')))
    : [];
  const [yoga] = await tx
    .select()
    .from(classTypes)
    .where(and(eq(classTypes.organisationId, organisationId), eq(classTypes.name, 'Yoga')));
  if (!cwb || !manager || !desk || !client?.passwordHash || !pack || !studio || !yoga) return;

  // The outside teacher signs in as a client (decision 2) and buys as a member.
  const teacher = await buildUser(tx, {
    organisationId,
    email: DEMO_RENTAL_TEACHER.email,
    fullName: `${DEMO_RENTAL_TEACHER.firstName} ${DEMO_RENTAL_TEACHER.lastName}`,
    role: 'client',
    passwordHash: client.passwordHash,
  });
  const member = await insertMember(
    { db: tenantDb(tx, { organisationId, centerIds: null }), clock: clockAt(now) },
    {
      organisationId,
      homeCenterId: cwb.id,
      centerCode: cwb.code,
      firstName: DEMO_RENTAL_TEACHER.firstName,
      lastName: DEMO_RENTAL_TEACHER.lastName,
      phone: DEMO_RENTAL_TEACHER.phone,
      email: DEMO_RENTAL_TEACHER.email,
      status: 'active',
    },
  );

  const today = businessDate(now, cwb.timeZone);
  const clock = clockOn(today, cwb.timeZone);
  await sellPaidByCard(contextFor(tx, { id: desk.id, role: 'frontdesk' }, organisationId, clock), {
    memberId: member.id,
    centerId: cwb.id,
    itemType: 'package',
    item: pack,
  });
  let first = addDays(today, 1);
  while (isoWeekday(first) !== WEEKDAY) first = addDays(first, 1);
  await createClass(contextFor(tx, { id: manager.id, role: 'manager' }, organisationId, clock), {
    centerId: cwb.id,
    roomId: studio.id,
    teacherId: teacher.id,
    classTypeId: yoga.id,
    date: first,
    startTime: START,
    durationMinutes: 60,
    capacity: 12,
    mode: 'rental',
    renterMemberId: member.id,
    notes: 'Outside teacher: members pay Iris directly.',
    recurrence: { weekdays: [WEEKDAY], everyWeeks: 1, count: WEEKS, exceptions: [] },
  });
}
