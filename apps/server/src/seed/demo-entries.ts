/**
 * A few days of the door for the demo organisation, written through the entry rule itself with a
 * clock set to each tap's time (as `demo-sales.ts` sells in the past): members with a membership
 * come in, some twice a day; members without one, a lost card and an unknown card are refused;
 * the front desk and the trainer clock in and out. Entries from the desk have no reader (the demo
 * readers are added with the reader ingest).
 */
import type { Role } from '@gym/contract/acl';
import { addDays, businessDate, zonedInstant } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { cards, members } from '../db/schema/index.ts';
import { clockAt } from '../lib/clock.ts';
import { clockStaff, recordEntry } from '../modules/entries/index.ts';
import { DEMO_FIXED_MEMBER } from './demo-members.ts';
import { contextFor, demoPlaces } from './demo-sales.ts';
import { seededRandom } from './member-generator.ts';

/** Staff cards of the demo: the front desk's and the trainer's, for clocking in. */
export const DEMO_STAFF_CARDS = { frontdesk: 'S000000001', trainer: 'S000000002' } as const;

const pad = (n: number) => String(n).padStart(2, '0');

export async function seedDemoEntries(tx: Db | DbOrTx, organisationId: string, now = new Date()): Promise<void> {
  const places = await demoPlaces(tx, organisationId);
  const cwb = places.cwb!;
  const mk = places.mk!;
  const desk = places.staff('frontdesk')!;
  const trainer = places.staff('trainer');
  const today = businessDate(now, cwb.timeZone);
  const as = (instant: Date) =>
    contextFor(tx, { id: desk.id, role: desk.role as Role }, organisationId, clockAt(instant));

  for (const [role, number] of Object.entries(DEMO_STAFF_CARDS)) {
    const person = role === 'frontdesk' ? desk : trainer;
    if (person) await tx.insert(cards).values({ organisationId, staffId: person.id, number, attachedBy: desk.id });
  }

  const carded = await tx
    .select({
      card: cards.number,
      homeCenterId: members.homeCenterId,
      // Holds a membership still running today: most of the door's traffic.
      current: sql<boolean>`exists (select 1 from entitlement_state s join entitlements e on e.id = s.entitlement_id
        where e.member_id = ${members.id} and e.kind = 'membership' and s.phase = 'active' and s.valid_until >= ${today})`,
    })
    .from(members)
    .innerJoin(cards, eq(cards.memberId, members.id))
    .where(and(eq(members.organisationId, organisationId), eq(cards.status, 'active')))
    .orderBy(cards.number);
  const random = seededRandom(20_261_123);
  const regulars = carded.filter((c) => c.card !== DEMO_FIXED_MEMBER.cardNumber && random() < (c.current ? 0.6 : 0.03));

  for (let back = 4; back >= 1; back--) {
    const day = addDays(today, -back);
    const taps: { at: Date; card: string; centerId: string }[] = [];
    const at = (center: typeof cwb, hour: number, minute: number) =>
      zonedInstant(day, `${pad(hour)}:${pad(minute)}`, center.timeZone);
    // Chan Tai Man trains at CWB every evening.
    taps.push({ at: at(cwb, 18, 30 + back), card: DEMO_FIXED_MEMBER.cardNumber, centerId: cwb.id });
    for (const m of regulars) {
      if (random() < 0.45) continue;
      const center = m.homeCenterId === mk.id ? mk : cwb;
      taps.push({
        at: at(center, 7 + Math.floor(random() * 14), Math.floor(random() * 60)),
        card: m.card,
        centerId: center.id,
      });
    }
    // Someone tries a card the gym never issued.
    taps.push({ at: at(cwb, 12, 15), card: `9${String(900_000_000 + back)}`, centerId: cwb.id });
    taps.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const [i, t] of taps.entries()) {
      await recordEntry(as(t.at), {
        centerId: t.centerId,
        card: t.card,
        scanId: `demo-${day}-${i}`,
        source: 'desk',
      });
    }
    // The desk and the trainer clock in and out at CWB.
    for (const [role, number] of Object.entries(DEMO_STAFF_CARDS)) {
      if (role === 'trainer' && !trainer) continue;
      const [inH, outH] = role === 'frontdesk' ? ['08:5', '17:0'] : ['09:4', '18:1'];
      for (const time of [`${inH}${back}`, `${outH}${back}`]) {
        await clockStaff(as(zonedInstant(day, time, cwb.timeZone)), { centerId: cwb.id, card: number });
      }
    }
  }
}
