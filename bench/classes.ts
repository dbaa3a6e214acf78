/**
 * Classes figures: the class list of one centre for a week when that centre has 300 classes that
 * week and 6,000 bookings (GET /pro/classes?center=&from=&to=, one page of 500), and 50 bookings
 * sent at once into one class of 20 places (POST /pro/bookings, each with its own Idempotency-Key):
 * how long the burst takes and what it gave (20 booked, 30 waitlisted, 20 credits used).
 */
import { randomUUID } from 'node:crypto';
import { abilityRulesFor, buildAbility } from '@gym/contract/acl';
import { DEMO_INITIAL } from '@gym/contract/demo';
import { addDays, businessDate, occurrenceTimes, today } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  bookings,
  classes,
  classTypes,
  creditPackages,
  entitlements,
  members,
  organisations,
  rooms,
  users,
} from '../apps/server/src/db/schema/index.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import type { AuthContext } from '../apps/server/src/lib/access.ts';
import { configOf, currencyCodeOf } from '../apps/server/src/lib/settings.ts';
import { runTransaction } from '../apps/server/src/lib/use-case.ts';
import { appendLedger } from '../apps/server/src/modules/entitlements/index.ts';
import { buildCenter } from '../apps/server/src/seed/builders.ts';
import { measured } from './selling.ts';
import { percentile } from './stats.ts';

export interface ClassesFixture {
  centerId: string;
  from: string;
  to: string;
  classCount: number;
  bookingCount: number;
  /** The class of 20 places that the burst books into, and the 50 members (a 10-class pack each) who try. */
  burstClassId: string;
  burstMemberIds: string[];
}

const CLASSES = 300;
const PER_CLASS = 20;
const BURST = 50;

/** A bench centre in the demo organisation with a week of 300 classes and 6,000 bookings, and a class for the burst. */
export async function prepareClasses(deps: AppDeps): Promise<ClassesFixture> {
  const db: Db = deps.database.db;
  const [org] = await db.select().from(organisations).where(eq(organisations.initial, DEMO_INITIAL));
  const organisationId = org!.id;
  const [manager] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'manager')));
  const { currencySymbol } = configOf(org!);
  const currencyCode = currencyCodeOf(org!.settings);
  const center = await buildCenter(db, {
    organisationId,
    code: `BN${Date.now() % 10_000}`,
    name: 'Bench centre',
    currencyCode,
    currencySymbol,
  });
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        organisationId,
        centerId: center.id,
        name: `Room ${i + 1}`,
        capacity: 40,
      })),
    )
    .returning();
  const [type] = await db
    .insert(classTypes)
    .values({
      organisationId,
      name: `Bench ${center.code}`,
      colour: '#336699',
      durationMinutes: 45,
      capacity: PER_CLASS,
    })
    .returning();
  const from = addDays(today(center.timeZone), 1);
  const to = addDays(from, 6);
  // 300 classes: 6 rooms, 7 days, from 07:00 every 45 minutes (43 a day).
  const planned: (typeof classes.$inferInsert)[] = [];
  for (let i = 0; i < CLASSES; i++) {
    const day = addDays(from, i % 7);
    const slot = Math.floor(i / 7);
    const room = roomRows[slot % roomRows.length]!;
    const minutes = 7 * 60 + Math.floor(slot / roomRows.length) * 45;
    const startTime = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const t = occurrenceTimes(day, startTime, 45, center.timeZone);
    planned.push({
      organisationId,
      centerId: center.id,
      roomId: room.id,
      teacherId: manager!.id,
      classTypeId: type!.id,
      businessDate: day,
      startTime,
      durationMinutes: 45,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      capacity: PER_CLASS,
      credits: 1,
      bookingOpensDaysBefore: 14,
      bookingClosesMinutesBefore: 0,
      cancellationWindowMinutes: 720,
    });
  }
  const classRows = await db.insert(classes).values(planned).returning({ id: classes.id });
  const people = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.status, 'active')))
    .limit(400);
  if (people.length < PER_CLASS + BURST) throw new Error(`the demo has ${people.length} active members`);
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (const [i, c] of classRows.entries()) {
    for (let k = 0; k < PER_CLASS; k++) {
      rows.push({ organisationId, classId: c.id, memberId: people[(i * 7 + k) % people.length]!.id, status: 'booked' });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await db.insert(bookings).values(rows.slice(i, i + 2000));

  // The burst's class (tomorrow at the bench centre, outside the week's list) and 50 members with a pack each.
  const burstDay = addDays(to, 1);
  const t = occurrenceTimes(burstDay, '18:00', 45, center.timeZone);
  const [burst] = await db
    .insert(classes)
    .values({
      ...planned[0]!,
      businessDate: burstDay,
      startTime: '18:00',
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      bookingOpensDaysBefore: 30,
    })
    .returning({ id: classes.id });
  const [pack] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.organisationId, organisationId), eq(creditPackages.name, '10-class pack')));
  const auth: AuthContext = {
    userId: manager!.id,
    organisationId,
    role: 'manager',
    ability: buildAbility(abilityRulesFor('manager')),
    centerIds: null,
    familyId: 'bench',
  };
  const burstMembers = people.slice(people.length - BURST).map((p) => p.id);
  const start = businessDate(new Date(), center.timeZone);
  await runTransaction(deps, auth, async (ctx) => {
    for (const memberId of burstMembers) {
      const [ent] = await ctx.db.insert(entitlements, {
        memberId,
        kind: 'package',
        itemId: pack!.id,
        name: 'Bench class pack',
        usage: 'class',
        allCenters: true,
        centerId: center.id,
        durationValue: 365,
        durationUnit: 'day',
      });
      await appendLedger(ctx, {
        entitlementId: ent!.id,
        memberId,
        rows: [
          { kind: 'grant', creditsDelta: 10, validFrom: start, validUntil: addDays(start, 364), effectiveOn: start },
        ],
      });
    }
  });
  return {
    centerId: center.id,
    from,
    to,
    classCount: classRows.length,
    bookingCount: rows.length,
    burstClassId: burst!.id,
    burstMemberIds: burstMembers,
  };
}

/** The week's class list of the bench centre, one page of 500. */
export function classListLoad(
  base: string,
  token: string,
  f: ClassesFixture,
  opts: { connections: number; seconds: number },
) {
  return measured({
    url: `${base}/api/v1/pro/classes?center=${f.centerId}&from=${f.from}&to=${f.to}&pageSize=500`,
    connections: opts.connections,
    duration: opts.seconds,
    headers: { authorization: `Bearer ${token}` },
  });
}

export interface BurstFigures {
  requests: number;
  booked: number;
  waitlisted: number;
  other: number;
  creditsUsed: number;
  totalMs: number;
  p50: number;
  p95: number;
  max: number;
}

/** 50 bookings sent at once into the burst class; what they gave, and how long they took. */
export async function bookingBurst(base: string, token: string, f: ClassesFixture): Promise<BurstFigures> {
  const started = performance.now();
  const times: number[] = [];
  const answers = await Promise.all(
    f.burstMemberIds.map(async (memberId) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/pro/bookings`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ memberId, classId: f.burstClassId }),
      });
      times.push(performance.now() - t0);
      return res.ok ? ((await res.json()) as { status: string }).status : `http ${res.status}`;
    }),
  );
  const totalMs = performance.now() - started;
  times.sort((a, b) => a - b);
  // What the class's bookings say they took (the ledger's `use` rows are what the server tests count).
  const list = await fetch(`${base}/api/v1/pro/bookings?class=${f.burstClassId}&pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const items = ((await list.json()) as { items: { creditsUsed: number }[] }).items;
  const creditsUsed = items.reduce((sum, b) => sum + b.creditsUsed, 0);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: answers.length,
    booked: answers.filter((a) => a === 'booked').length,
    waitlisted: answers.filter((a) => a === 'waitlisted').length,
    other: answers.filter((a) => a !== 'booked' && a !== 'waitlisted').length,
    creditsUsed,
    totalMs: Math.round(totalMs),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1] ?? 0),
  };
}
