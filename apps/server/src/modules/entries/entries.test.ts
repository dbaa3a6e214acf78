import { randomUUID } from 'node:crypto';
import { entryEventSchema } from '@gym/contract/entries';
import { addDays } from '@gym/contract/time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cards,
  centers,
  creditPackages,
  entitlementLedger,
  entries,
  idempotencyKeys,
  installments,
  membershipPlans,
  organisations,
  readers,
} from '../../db/schema/index.ts';
import type { Headers, TestContext, TestOrganisation } from '../../test/harness.ts';
import { type SellingCatalogue, startSelling } from '../../test/selling-catalogue.ts';

let ctx: TestContext, org: TestOrganisation, desk: Headers, manager: Headers, trainer: Headers;
let centerA: string, centerB: string, today: string, cat: SellingCatalogue;
let cardSeq = 0;

const call = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);
const tap = (card: string, body: Record<string, unknown> = {}, headers: Record<string, string> = desk) =>
  call('POST', `/card/${card}/entry/`, headers, { center_id: centerA, ...body });
const nextCard = () => `E${Date.now().toString(36).toUpperCase()}${++cardSeq}`;

/** A member with a card and, if asked, what was sold to them (through the sales API). */
async function memberWith(
  lines: { itemType: 'membership' | 'package'; itemId: string }[] = [],
  input: Parameters<TestOrganisation['newMember']>[0] = {},
) {
  const card = nextCard();
  const member = await org.newMember({ cardNumber: card, ...input });
  if (lines.length) {
    const sale = await call('POST', `/students/${member.id}/sales`, manager, { centerId: centerA, lines });
    if (sale.statusCode !== 201) throw new Error(sale.body);
  }
  return { ...member, card, name: `${member.firstName} ${member.lastName}`.trim() };
}

/** A member with a card and a package of one credit for anything, named `name`, made for them. */
async function memberWithOneCredit(name: string) {
  const [one] = await ctx.database.db
    .insert(creditPackages)
    .values({ organisationId: org.id, name, usage: 'any', credits: 1, validityDays: 30, priceMinor: 1 })
    .returning();
  return memberWith([{ itemType: 'package', itemId: one!.id }]);
}

async function setConfig(body: Record<string, unknown>) {
  const { db } = ctx.database;
  await db
    .update(organisations)
    .set({ settings: sql`${organisations.settings} || ${JSON.stringify(body)}::jsonb` })
    .where(eq(organisations.id, org.id));
}

type Told = { centerId: string; payload: Record<string, unknown> };
/** What the centre was told of one entry. */
const toldOf = (seen: Told[], entryId: string) =>
  seen.filter((e) => (e.payload.entry as { id: string } | undefined)?.id === entryId);
/** The event a granted entry at centre A sends: the entry as the door answered it, and its message. */
const grantedEvent = (body: { message: string; entry: unknown }) => ({
  organisationId: org.id,
  centerId: centerA,
  payload: { center_id: centerA, action: 'entry', message: body.message, icon: 'check-circle', entry: body.entry },
});

const ledgerOf = (entitlementId: string) =>
  ctx.database.db.select().from(entitlementLedger).where(eq(entitlementLedger.entitlementId, entitlementId));

beforeAll(async () => {
  ({ ctx, org, desk, manager, centerA, centerB, cat, today } = await startSelling());
  trainer = await org.signIn('trainer');
});
afterAll(() => ctx?.close());

describe('the entry rule', () => {
  it('lets a member with an active membership in, with the days left, and tells that centre only', async () => {
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const seen: { organisationId: string; centerId: string; payload: Record<string, unknown> }[] = [];
    const stop = ctx.deps.events.subscribe('realtime.center', (e) => seen.push(e as (typeof seen)[number]));
    const res = await tap(m.card, { sn: null });
    await ctx.deps.outbox.drain();
    stop();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      result: 'granted',
      reason: null,
      entry: {
        grantedBy: 'membership',
        member: { id: m.id, name: m.name },
        card: m.card,
        center: { id: centerA },
        businessDate: today,
        source: 'desk',
        creditsLeft: null,
      },
    });
    expect(body.entry.daysLeft).toBeGreaterThanOrEqual(28);
    expect(body.message).toBe(`${m.name} — ${body.entry.daysLeft} days left`);
    // What the door announced (read with its insert) is the entry as the list reads it back.
    expect((await call('GET', `/entries?memberId=${m.id}`, desk)).json().items).toEqual([body.entry]);
    const mine = toldOf(seen, body.entry.id);
    expect(entryEventSchema.safeParse(mine[0]?.payload).success).toBe(true);
    expect(mine).toEqual([grantedEvent(body)]);
  });

  it('records an unknown card as denied, with the reason, and answers 200', async () => {
    const res = await tap('NOBODY0001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'denied',
      reason: 'unknown_card',
      message: 'Unknown card',
      entry: { member: null, card: 'NOBODY0001', grantedBy: null },
    });
  });

  it('refuses lost and detached cards, and a staff card', async () => {
    const lost = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    await ctx.database.db.update(cards).set({ status: 'lost' }).where(eq(cards.number, lost.card));
    expect((await tap(lost.card)).json()).toMatchObject({ reason: 'card_lost', entry: { member: { id: lost.id } } });
    const gone = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    await ctx.database.db.update(cards).set({ status: 'detached' }).where(eq(cards.number, gone.card));
    expect((await tap(gone.card)).json()).toMatchObject({ reason: 'card_detached' });
    const staff = await org.newUser({ role: 'trainer' });
    const staffCard = nextCard();
    await ctx.database.db.insert(cards).values({ organisationId: org.id, staffId: staff.id, number: staffCard });
    expect((await tap(staffCard)).json()).toMatchObject({ result: 'denied', reason: 'staff_card' });
  });

  it('refuses a member who left or is frozen, and one whose only membership is frozen', async () => {
    const left = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }], { status: 'left' });
    expect((await tap(left.card)).json()).toMatchObject({ reason: 'member_left' });
    const frozen = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }], { status: 'frozen' });
    expect((await tap(frozen.card)).json()).toMatchObject({ reason: 'member_frozen' });
    const paused = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const [ent] = (await call('GET', `/students/${paused.id}/entitlements`, desk)).json().items;
    const freeze = await call('POST', `/students/${paused.id}/entitlements/${ent.id}/actions`, manager, {
      action: 'freeze',
      from: today,
      until: addDays(today, 9),
      reason: 'Travelling',
    });
    expect(freeze.statusCode, freeze.body).toBe(200);
    expect((await tap(paused.card)).json()).toMatchObject({ reason: 'member_frozen' });
  });

  it('refuses outside the centre’s opening hours (in its time zone); no hours means always open', async () => {
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const { db } = ctx.database;
    const [c] = await db.select().from(centers).where(eq(centers.id, centerA));
    const closedAllWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: true, open: '07:00', close: '22:00' }));
    await db.update(centers).set({ openingHours: closedAllWeek }).where(eq(centers.id, centerA));
    try {
      expect((await tap(m.card)).json()).toMatchObject({ result: 'denied', reason: 'outside_opening_hours' });
      const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '00:00', close: '23:59' }));
      await db.update(centers).set({ openingHours: allDay }).where(eq(centers.id, centerA));
      expect((await tap(m.card)).json()).toMatchObject({ result: 'granted' });
    } finally {
      await db.update(centers).set({ openingHours: c!.openingHours }).where(eq(centers.id, centerA));
    }
  });

  it('refuses a member with nothing valid here: none at all, a membership of another centre, a PT-only pack', async () => {
    const none = await memberWith();
    expect((await tap(none.card)).json()).toMatchObject({
      reason: 'no_entitlement',
      message: expect.stringContaining(none.name),
    });
    const [elsewhere] = await ctx.database.db
      .insert(membershipPlans)
      .values({
        organisationId: org.id,
        name: 'B only',
        durationValue: 1,
        durationUnit: 'month',
        priceMinor: 10_000,
        allCenters: false,
        centerIds: [centerB],
      })
      .returning();
    const onlyB = await memberWith();
    const sale = await call('POST', `/students/${onlyB.id}/sales`, manager, {
      centerId: centerB,
      lines: [{ itemType: 'membership', itemId: elsewhere!.id }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect((await tap(onlyB.card)).json()).toMatchObject({ reason: 'no_entitlement' });
    expect((await tap(onlyB.card, { center_id: centerB })).json()).toMatchObject({ result: 'granted' });
    const [pt] = await ctx.database.db
      .insert(creditPackages)
      .values({ organisationId: org.id, name: 'PT 5', usage: 'pt', credits: 5, validityDays: 90, priceMinor: 1 })
      .returning();
    const ptOnly = await memberWith([{ itemType: 'package', itemId: pt!.id }]);
    expect((await tap(ptOnly.card)).json()).toMatchObject({ reason: 'no_entitlement' });
  });

  it('refuses an overdue balance beyond the organisation’s tolerance (off by default)', async () => {
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    // The whole price was due today; make it due yesterday: 50,000 overdue.
    await ctx.database.db.execute(
      sql`update ${installments} set due_on = ${addDays(today, -1)} where invoice_id in (select id from invoices where member_id = ${m.id})`,
    );
    expect((await tap(m.card)).json()).toMatchObject({ result: 'granted' });
    await setConfig({ entryOverdueToleranceMinor: 50_000 });
    expect((await tap(m.card)).json().result).toBe('duplicate');
    await setConfig({ duplicateTapWindowSeconds: 0, entryOverdueToleranceMinor: 50_000 });
    expect((await tap(m.card)).json()).toMatchObject({ result: 'granted' });
    await setConfig({ entryOverdueToleranceMinor: 49_999 });
    const denied = (await tap(m.card)).json();
    expect(denied).toMatchObject({ result: 'denied', reason: 'overdue_balance' });
    expect(denied.entry.entitlement).toMatchObject({ kind: 'membership' });
    await setConfig({ entryOverdueToleranceMinor: null, duplicateTapWindowSeconds: 60 });
  });
});

describe('credits and first entry', () => {
  it('takes one credit of a class pack: the ledger row names the entry, the answer says what is left', async () => {
    const m = await memberWith([{ itemType: 'package', itemId: cat.pack.id }]);
    const res = await tap(m.card, { scan_id: `credit-${randomUUID()}` });
    const body = res.json();
    expect(body).toMatchObject({ result: 'granted', entry: { grantedBy: 'credit', creditsLeft: 9, daysLeft: null } });
    expect(body.message).toBe(`${m.name} — 9 credits left`);
    const ledger = await ledgerOf(body.entry.entitlement.id);
    expect(ledger.filter((r) => r.kind === 'use')).toEqual([
      expect.objectContaining({ creditsDelta: -1, refType: 'entry', refId: body.entry.id, effectiveOn: today }),
    ]);
    const [ent] = (await call('GET', `/students/${m.id}/entitlements`, desk)).json().items;
    expect(ent.creditsLeft).toBe(9);
    expect(body.entry.entitlement).toMatchObject({ id: ent.id, kind: 'package' });
    expect((await call('GET', `/entries?memberId=${m.id}`, desk)).json().items).toEqual([body.entry]);
  });

  it('starts a membership that waits for its first entry', async () => {
    const [plan] = await ctx.database.db
      .insert(membershipPlans)
      .values({
        organisationId: org.id,
        name: 'Starts at first visit',
        durationValue: 30,
        durationUnit: 'day',
        priceMinor: 10_000,
        startRule: 'first_entry',
      })
      .returning();
    const m = await memberWith([{ itemType: 'membership', itemId: plan!.id }]);
    const [before] = (await call('GET', `/students/${m.id}/entitlements`, desk)).json().items;
    expect(before.status).toBe('pending');
    const body = (await tap(m.card)).json();
    expect(body).toMatchObject({ result: 'granted', entry: { grantedBy: 'membership', daysLeft: 30 } });
    const ledger = await ledgerOf(before.id);
    expect(ledger.find((r) => r.kind === 'activate')).toMatchObject({
      validFrom: today,
      validUntil: addDays(today, 29),
      refType: 'entry',
      refId: body.entry.id,
    });
    const [after] = (await call('GET', `/students/${m.id}/entitlements`, desk)).json().items;
    expect(after.status).toBe('active');
  });
});

describe.runIf(process.env.TEST_DATABASE === 'postgres')('what a tap locks', () => {
  it('not a member’s entitlement that can no longer let them in: a tap answers while another transaction holds a used-up pack and a membership given away', async () => {
    const m = await memberWith([
      { itemType: 'membership', itemId: cat.monthly.id },
      { itemType: 'membership', itemId: cat.monthly.id },
      { itemType: 'package', itemId: cat.pack.id },
    ]);
    const friend = await memberWith();
    const owned: { id: string; kind: string }[] = (await call('GET', `/students/${m.id}/entitlements`, desk)).json()
      .items;
    const pack = owned.find((e) => e.kind === 'package')!;
    const given = owned.filter((e) => e.kind === 'membership')[1]!;
    const adjust = await call('POST', `/students/${m.id}/entitlements/${pack.id}/actions`, manager, {
      action: 'adjust',
      credits: -10,
      reason: 'Used at the old club',
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    const transfer = await call('POST', `/students/${m.id}/entitlements/${given.id}/actions`, manager, {
      action: 'transfer',
      toMemberId: friend.id,
      reason: 'A gift to a friend',
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    // Another transaction holds both packs' states (as a correction of them would, for a while).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = ctx.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from entitlement_state where entitlement_id in (${pack.id}, ${given.id}) for update`,
      );
      locked();
      await held;
    });
    await isLocked;
    try {
      const answer = await Promise.race([
        tap(m.card),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
      expect(answer).not.toBe('still waiting');
      expect((answer as Awaited<ReturnType<typeof tap>>).json()).toMatchObject({
        result: 'granted',
        entry: { grantedBy: 'membership', entitlement: { kind: 'membership' } },
      });
    } finally {
      release();
      await holder;
    }
  });
});

describe('duplicates and repeats', () => {
  it('a second tap inside the window is a duplicate: recorded, no credit, no notification', async () => {
    const m = await memberWith([{ itemType: 'package', itemId: cat.pack.id }]);
    const first = (await tap(m.card)).json();
    await ctx.deps.outbox.drain();
    const seen: unknown[] = [];
    const stop = ctx.deps.events.subscribe('realtime.center', (e) => seen.push(e));
    const second = (await tap(m.card)).json();
    await ctx.deps.outbox.drain();
    stop();
    expect(second).toMatchObject({ result: 'duplicate', reason: null, entry: { creditsLeft: null } });
    expect(second.entry.id).not.toBe(first.entry.id);
    expect(seen).toEqual([]);
    const uses = (await ledgerOf(first.entry.entitlement.id)).filter((r) => r.kind === 'use');
    expect(uses).toHaveLength(1);
    // After the window, a tap is an entry again (an offline replay's time says when).
    const later = (await tap(m.card, { tapped_at: new Date(Date.now() + 120_000).toISOString() })).json();
    expect(later).toMatchObject({ result: 'granted', entry: { creditsLeft: 8 } });
  });

  it("the organisation's window holds both ways, to its edge: a tap just inside it is a duplicate, one just past it an entry", async () => {
    const m = await memberWith([{ itemType: 'package', itemId: cat.pack.id }]);
    const t0 = Date.now();
    const at = (seconds: number) => ({ tapped_at: new Date(t0 + seconds * 1000).toISOString() });
    // Offline replays and taps queued behind a lock say when: each is judged against the granted tap nearest to it.
    expect((await tap(m.card, at(0))).json().result).toBe('granted');
    expect((await tap(m.card, at(59))).json().result).toBe('duplicate');
    expect((await tap(m.card, at(121))).json().result).toBe('granted');
    // A granted tap after it counts as much as one before: 62 s after the first, 59 s before the last.
    expect((await tap(m.card, at(62))).json().result).toBe('duplicate');
    expect((await tap(m.card, at(182))).json().result).toBe('granted');
    expect((await tap(m.card, at(241))).json().result).toBe('duplicate');
  });

  it('the same scan id answers the same entry; so does the same Idempotency-Key', async () => {
    const m = await memberWith([{ itemType: 'package', itemId: cat.pack.id }]);
    const scan_id = `scan-${randomUUID()}`;
    const a = (await tap(m.card, { scan_id, source: 'reader' })).json();
    const b = (await tap(m.card, { scan_id, source: 'reader' })).json();
    expect(b.entry.id).toBe(a.entry.id);
    expect(b.result).toBe('granted');
    const rows = await ctx.database.db.select().from(entries).where(eq(entries.scanId, scan_id));
    expect(rows).toHaveLength(1);
    const key = { ...desk, 'idempotency-key': `tap-${randomUUID()}` };
    const other = await memberWith([{ itemType: 'package', itemId: cat.pack.id }]);
    const k1 = await tap(other.card, {}, key);
    const k2 = await tap(other.card, {}, key);
    expect(k2.headers['idempotent-replayed']).toBe('true');
    expect(k2.json().entry.id).toBe(k1.json().entry.id);
    const ofOther = await ctx.database.db.select().from(entries).where(eq(entries.memberId, other.id));
    expect(ofOther).toHaveLength(1);
  });

  it('a scan id sent as its own Idempotency-Key (as the door loop does) is the key: 20 at once record one entry, and no key row is stored', async () => {
    const m = await memberWith([{ itemType: 'package', itemId: cat.pack.id }]);
    const scan_id = `door-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        tap(m.card, { scan_id, source: 'reader' }, { ...desk, 'idempotency-key': scan_id }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().entry.id)).size).toBe(1);
    expect(answers.every((a) => a.json().result === 'granted')).toBe(true);
    expect(await ctx.database.db.select().from(entries).where(eq(entries.scanId, scan_id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, scan_id))).toEqual([]);
    const uses = (await ledgerOf(answers[0]!.json().entry.entitlement.id)).filter((r) => r.kind === 'use');
    expect(uses).toHaveLength(1);
    // Another key than the scan id is stored as any key is: the same key with another body is refused.
    const key = `other-${randomUUID()}`;
    const first = await tap(m.card, { scan_id: `door-${randomUUID()}` }, { ...desk, 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const reused = await tap(m.card, { scan_id: `door-${randomUUID()}` }, { ...desk, 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('idempotency_key_reused');
  });

  it('the same scan id sent 10 times at once records one entry, also for a card with no member to lock', async () => {
    const scan_id = `race-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => tap('NOBODY0009', { scan_id })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().entry.id)).size).toBe(1);
    expect(await ctx.database.db.select().from(entries).where(eq(entries.scanId, scan_id))).toHaveLength(1);
    // The same scan id at another centre is another scan's: refused, not recorded twice.
    const elsewhere = await tap('NOBODY0009', { scan_id, center_id: centerB });
    expect(elsewhere.statusCode).toBe(409);
  });

  it('20 taps of one card at once with one credit left: one entry takes it, the rest are duplicates', async () => {
    const m = await memberWithOneCredit('Single visit');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => tap(m.card, { scan_id: `burst-${m.id}-${i}` })),
    );
    const results = answers.map((a) => a.json().result);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r === 'granted')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(19);
    const [ent] = (await call('GET', `/students/${m.id}/entitlements`, desk)).json().items;
    expect(ent.creditsLeft).toBe(0);
    const uses = (await ledgerOf(ent.id)).filter((r) => r.kind === 'use');
    expect(uses).toHaveLength(1);
  });

  it('20 taps at once without a duplicate window: one credit, one granted, the rest denied', async () => {
    await setConfig({ duplicateTapWindowSeconds: 0 });
    try {
      const m = await memberWithOneCredit('Single visit 2');
      const answers = await Promise.all(Array.from({ length: 20 }, () => tap(m.card)));
      const results = answers.map((a) => a.json().result);
      expect(results.filter((r) => r === 'granted')).toHaveLength(1);
      expect(answers.filter((a) => a.json().reason === 'no_entitlement')).toHaveLength(19);
      const [ent] = (await call('GET', `/students/${m.id}/entitlements`, desk)).json().items;
      expect(ent.creditsLeft).toBe(0);
    } finally {
      await setConfig({ duplicateTapWindowSeconds: 60 });
    }
  });
});

describe('check-in without a card', () => {
  const checkIn = (memberId: string, body: Record<string, unknown> = {}, headers: Headers = desk) =>
    call(
      'POST',
      `/students/${memberId}/entry`,
      { ...headers, 'idempotency-key': `ci-${randomUUID()}`, ...headers },
      {
        center_id: centerA,
        ...body,
      },
    );

  it('decides by the tap’s rule from the member on, records an entry with no card, and tells the centre like a tap', async () => {
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const seen: { centerId: string; payload: Record<string, unknown> }[] = [];
    const stop = ctx.deps.events.subscribe('realtime.center', (e) => seen.push(e as (typeof seen)[number]));
    const res = await checkIn(m.id);
    await ctx.deps.outbox.drain();
    stop();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      result: 'granted',
      entry: { grantedBy: 'membership', member: { id: m.id }, card: null, source: 'desk', reader: null },
    });
    expect(body.message).toBe(`${m.name} — ${body.entry.daysLeft} days left`);
    expect((await call('GET', `/entries?memberId=${m.id}`, desk)).json().items).toEqual([body.entry]);
    expect(toldOf(seen, body.entry.id)).toEqual([grantedEvent(body)]);

    // Denied with the reason, as a tap would be: nothing valid here, frozen, left.
    const none = await memberWith();
    expect((await checkIn(none.id)).json()).toMatchObject({
      result: 'denied',
      reason: 'no_entitlement',
      entry: { member: { id: none.id }, card: null },
    });
    const frozen = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }], { status: 'frozen' });
    expect((await checkIn(frozen.id)).json()).toMatchObject({ result: 'denied', reason: 'member_frozen' });
    const left = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }], { status: 'left' });
    expect((await checkIn(left.id)).json()).toMatchObject({ result: 'denied', reason: 'member_left' });
  });

  it('takes one credit once: the same Idempotency-Key sent 10 times at once records one entry; another click inside the window is a duplicate', async () => {
    const m = await memberWith([{ itemType: 'package', itemId: cat.pack.id }]);
    const key = { ...desk, 'idempotency-key': `ci-${randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkIn(m.id, {}, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().entry.id)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ result: 'granted', entry: { grantedBy: 'credit', creditsLeft: 9 } });
    const ofMember = () => ctx.database.db.select().from(entries).where(eq(entries.memberId, m.id));
    expect(await ofMember()).toHaveLength(1);
    const uses = (await ledgerOf(answers[0]!.json().entry.entitlement.id)).filter((r) => r.kind === 'use');
    expect(uses).toHaveLength(1);
    // A second check-in (a new click) or a tap of their card right after: already in, no credit.
    expect((await checkIn(m.id)).json()).toMatchObject({ result: 'duplicate', entry: { creditsLeft: null } });
    expect((await tap(m.card)).json().result).toBe('duplicate');
    expect(await ofMember()).toHaveLength(3);
    expect((await ledgerOf(answers[0]!.json().entry.entitlement.id)).filter((r) => r.kind === 'use')).toHaveLength(1);
  });

  it('refuses a member of another organisation (404 on the id), a centre not the caller’s, and a role without the door', async () => {
    const other = await ctx.newOrganisation();
    const stranger = await other.newMember();
    const res = await checkIn(stranger.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0]).toMatchObject({ path: 'id', code: 'not_found' });
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const elsewhere = await checkIn(m.id, { center_id: other.centers[0]!.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().fields[0]).toMatchObject({ path: 'center_id' });
    const accountant = ctx.bearer(await (await org.newUser({ role: 'accountant' })).login());
    expect((await checkIn(m.id, {}, accountant)).statusCode).toBe(403);
    expect(await ctx.database.db.select().from(entries).where(eq(entries.memberId, m.id))).toEqual([]);
  });
});

describe('tap time and refusals', () => {
  it('records an offline replay at its time and business date; refuses one older than 7 days or in the future', async () => {
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const res = await tap(m.card, { tapped_at: twoDaysAgo.toISOString(), source: 'offline' });
    expect(res.json()).toMatchObject({
      entry: { at: twoDaysAgo.toISOString(), businessDate: addDays(today, -2), source: 'offline' },
    });
    const old = await tap(m.card, { tapped_at: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    expect(old.statusCode).toBe(400);
    expect(old.json().fields[0]).toMatchObject({ path: 'tapped_at', code: 'tap_too_old' });
    const ahead = await tap(m.card, { tapped_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().fields[0]).toMatchObject({ path: 'tapped_at', code: 'tap_in_future' });
  });

  it('refuses a centre of another organisation, and a reader of another centre', async () => {
    const other = await ctx.newOrganisation();
    const res = await tap('NOBODY0002', { center_id: other.centers[0]!.id });
    expect(res.statusCode).toBe(404);
    const foreignDesk = ctx.bearer(await (await other.newUser({ role: 'frontdesk' })).login());
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const theirs = await call('POST', `/card/${m.card}/entry`, foreignDesk, { center_id: other.centers[0]!.id });
    expect(theirs.json()).toMatchObject({ result: 'denied', reason: 'unknown_card', entry: { member: null } });
    const unknownReader = await tap(m.card, { sn: 'NO-SUCH-READER' });
    expect(unknownReader.statusCode).toBe(422);
    expect(unknownReader.json().fields[0].path).toBe('sn');
    const [door] = await ctx.database.db
      .insert(readers)
      .values({ organisationId: org.id, centerId: centerB, name: 'B door', sn: `SN-B-${m.id}`, secretHash: 'x' })
      .returning();
    const wrongCentre = await tap(m.card, { sn: door!.sn });
    expect(wrongCentre.statusCode).toBe(422);
    expect(wrongCentre.json().fields[0]).toMatchObject({ path: 'sn', code: 'reader_not_at_center' });
    const atB = (await tap(m.card, { sn: door!.sn, center_id: centerB })).json();
    expect(atB).toMatchObject({
      result: 'granted',
      entry: { source: 'reader', reader: { id: door!.id, sn: door!.sn, name: 'B door' }, center: { id: centerB } },
    });
    expect((await call('GET', `/entries?memberId=${m.id}&centerId=${centerB}`, manager)).json().items).toEqual([
      atB.entry,
    ]);
  });
});

describe('the order of the reasons', () => {
  it('records the first that applies: a lost card of a member who left is a lost card; a left member outside hours has left', async () => {
    const m = await memberWith([], { status: 'left' });
    const { db } = ctx.database;
    const [c] = await db.select().from(centers).where(eq(centers.id, centerA));
    const closed = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: true, open: '07:00', close: '22:00' }));
    await db.update(centers).set({ openingHours: closed }).where(eq(centers.id, centerA));
    try {
      expect((await tap(m.card)).json().reason).toBe('member_left');
      await db.update(cards).set({ status: 'lost' }).where(eq(cards.number, m.card));
      expect((await tap(m.card)).json().reason).toBe('card_lost');
      const none = await memberWith();
      expect((await tap(none.card)).json().reason).toBe('outside_opening_hours');
    } finally {
      await db.update(centers).set({ openingHours: c!.openingHours }).where(eq(centers.id, centerA));
    }
  });

  it('the overdue tolerance is a setting of the system configuration (off by default, admins change it)', async () => {
    const admin = ctx.bearer(await (await org.newUser({ role: 'admin' })).login());
    const before = (await call('GET', '/config', admin)).json();
    expect(before.entryOverdueToleranceMinor ?? null).toBe(null);
    const set = await call('PATCH', '/config', admin, { entryOverdueToleranceMinor: 10_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().entryOverdueToleranceMinor).toBe(10_000);
    expect((await call('PATCH', '/config', admin, { entryOverdueToleranceMinor: -1 })).statusCode).toBe(400);
    expect(
      (await call('PATCH', '/config', admin, { entryOverdueToleranceMinor: null })).json().entryOverdueToleranceMinor,
    ).toBe(null);
  });
});

describe('override', () => {
  it('a trainer may not; the front desk lets a denied member in once, with the reason; a granted entry cannot be', async () => {
    const m = await memberWith();
    const denied = (await tap(m.card)).json();
    expect(denied.reason).toBe('no_entitlement');
    const byTrainer = await call('POST', `/entries/${denied.entry.id}/override`, trainer, { reason: 'Forgot card' });
    expect(byTrainer.statusCode).toBe(403);
    const seen: { payload: Record<string, unknown> }[] = [];
    const stop = ctx.deps.events.subscribe('realtime.center', (e) => seen.push(e as (typeof seen)[number]));
    const ok = await call('POST', `/entries/${denied.entry.id}/override`, desk, { reason: 'Paid at the desk' });
    await ctx.deps.outbox.drain();
    stop();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      result: 'granted',
      entry: {
        grantedBy: 'override',
        overrideOf: denied.entry.id,
        overrideReason: 'Paid at the desk',
        member: { id: m.id },
      },
    });
    expect(ok.json().entry.overriddenBy).toMatchObject({ name: expect.any(String) });
    expect(seen.map((e) => (e.payload.entry as { id: string }).id)).toContain(ok.json().entry.id);
    const second = await call('POST', `/entries/${denied.entry.id}/override`, desk, { reason: 'Again' });
    expect(second.statusCode).toBe(409);
    const list = (await call('GET', `/entries?memberId=${m.id}`, desk)).json();
    expect(list.items.find((e: { id: string }) => e.id === denied.entry.id).overriddenByEntryId).toBe(
      ok.json().entry.id,
    );
    const granted = await call('POST', `/entries/${ok.json().entry.id}/override`, desk, { reason: 'Nope' });
    expect(granted.statusCode).toBe(422);
    const other = await ctx.newOrganisation();
    const outsider = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
    const fresh = (await tap(m.card)).json();
    expect((await call('POST', `/entries/${fresh.entry.id}/override`, outsider, { reason: 'Theirs' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/entries?memberId=${m.id}`, outsider)).json().total).toBe(0);
    const audit = await ctx.database.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'entry.overridden' and entity_id = ${ok.json().entry.id}`,
    );
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe('lists', () => {
  it('lists entries by centre, result, reason and keyword; the live panel counts today', async () => {
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }], { lastName: 'Listable' });
    // Later than every other tap of this file (one replay is 2 minutes ahead): the centre's last person.
    await tap(m.card, { tapped_at: new Date(Date.now() + 200_000).toISOString() });
    const byName = (await call('GET', '/entries?keyword=listable', desk)).json();
    expect(byName.items.map((e: { member: { id: string } }) => e.member.id)).toEqual([m.id]);
    const byCard = (await call('GET', `/entries?keyword=${m.card}`, desk)).json();
    expect(byCard.total).toBe(1);
    const unknown = (
      await call('GET', `/entries?reason=unknown_card&centerId=${centerA}&from=${today}&to=${today}`, desk)
    ).json();
    expect(unknown.items.length).toBeGreaterThan(0);
    expect(unknown.items.every((e: { reason: string }) => e.reason === 'unknown_card')).toBe(true);
    const live = (await call('GET', `/entries/live?centerId=${centerA}`, desk)).json();
    expect(live).toMatchObject({ today });
    expect(live.granted).toBeGreaterThan(0);
    expect(live.inBuilding).toBeGreaterThan(0);
    expect(live.last.length).toBeLessThanOrEqual(20);
    const csv = await call('GET', `/entries/export?format=csv&keyword=listable`, desk);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(m.code);
    const member = (await call('GET', `/students/${m.id}`, desk)).json();
    expect(member.lastVisitAt).toBe(byName.items[0].at);
    const switcher = (await call('GET', '/centers/switcher', desk)).json();
    expect(switcher.items.find((c: { id: string }) => c.id === centerA).lastPerson).toEqual({
      name: m.name,
      at: byName.items[0].at,
    });
  });

  it('names a member whose name is written in Han script family name first (張嘉欣), everywhere the door shows a name', async () => {
    // As an import from a system that keeps the two parts apart stores it: given name first.
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }], {
      firstName: '嘉欣',
      lastName: '張',
    });
    // Later than the tap of the test above: this centre's last person.
    const res = await tap(m.card, { tapped_at: new Date(Date.now() + 300_000).toISOString() });
    const { entry, message } = res.json();
    expect(entry.member.name).toBe('張嘉欣');
    expect(message).toMatch(/^張嘉欣 — \d+ days left$/);
    // The list finds it typed either way round, and names it the one way.
    for (const keyword of ['張嘉欣', '嘉欣 張']) {
      const found = (await call('GET', `/entries?keyword=${encodeURIComponent(keyword)}`, desk)).json();
      expect(found.items.map((e: { member: { name: string } }) => e.member.name)).toEqual(['張嘉欣']);
    }
    const switcher = (await call('GET', '/centers/switcher', desk)).json();
    expect(switcher.items.find((c: { id: string }) => c.id === centerA).lastPerson.name).toBe('張嘉欣');
  });

  it('answers each entry as the list reads it back: reader, photo, a Han name, credits, a duplicate, a denial', async () => {
    // The door builds the entry it answers and announces from what the tap read; the list reads the row.
    const m = await memberWith([{ itemType: 'package', itemId: cat.pack.id }], { firstName: '嘉欣', lastName: '張' });
    await ctx.database.db.execute(sql`update members set photo = 'data:image/png;base64,AA==' where id = ${m.id}`);
    const [door] = await ctx.database.db
      .insert(readers)
      .values({ organisationId: org.id, centerId: centerA, name: 'Front door', sn: `SN-A-${m.id}`, secretHash: 'x' })
      .returning();
    const answered = [
      await tap(m.card, { sn: door!.sn, source: 'reader', scan_id: `view-${randomUUID()}` }),
      await tap(m.card, { sn: door!.sn, source: 'reader' }),
      await tap('NOBODY0011', { sn: door!.sn }),
    ].map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().entry;
    });
    expect(answered.map((e) => [e.result, e.member?.name ?? null, e.creditsLeft])).toEqual([
      ['granted', '張嘉欣', 9],
      ['duplicate', '張嘉欣', null],
      ['denied', null, null],
    ]);
    expect(answered[0]).toMatchObject({
      reader: { id: door!.id, sn: door!.sn, name: 'Front door' },
      member: { photoUrl: `/api/v1/pro/entries/${answered[0].id}/photo` },
      entitlement: { kind: 'package' },
      staff: { name: expect.any(String) },
    });
    const listed = [
      ...(await call('GET', `/entries?memberId=${m.id}`, desk)).json().items,
      ...(await call('GET', '/entries?keyword=NOBODY0011', desk)).json().items,
    ];
    expect(listed).toHaveLength(3);
    for (const entry of answered) expect(listed.find((e: { id: string }) => e.id === entry.id)).toEqual(entry);
  });

  it('an entry names the member’s photo by a URL, not by the image itself', async () => {
    const m = await memberWith([{ itemType: 'membership', itemId: cat.monthly.id }]);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    await ctx.database.db.execute(sql`update members set photo = ${`data:image/png;base64,${png}`} where id = ${m.id}`);
    const entry = (await tap(m.card)).json().entry;
    expect(entry.member.photoUrl).toBe(`/api/v1/pro/entries/${entry.id}/photo`);
    const photo = await ctx.app.inject({ method: 'GET', url: entry.member.photoUrl, headers: desk });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);
    const none = (await tap('NOBODY0004')).json().entry;
    expect((await call('GET', `/entries/${none.id}/photo`, desk)).statusCode).toBe(404);
  });

  it('a desk limited to one centre sees only that centre’s entries', async () => {
    const onlyB = ctx.bearer(await (await org.newUser({ role: 'frontdesk', centerIds: [centerB] })).login());
    const list = (await call('GET', '/entries', onlyB)).json();
    expect(list.items.every((e: { center: { id: string } }) => e.center.id === centerB)).toBe(true);
    expect((await call('GET', `/entries?centerId=${centerA}`, onlyB)).statusCode).toBe(404);
    expect((await call('GET', `/entries/live?centerId=${centerA}`, onlyB)).statusCode).toBe(404);
    expect((await tap('NOBODY0003', {}, onlyB)).statusCode).toBe(404);
  });
});

describe('staff clock-in', () => {
  it('a staff card clocks in, then out; a member card is not a staff card; a scan id is answered once', async () => {
    const person = await org.newUser({ role: 'trainer' });
    const card = nextCard();
    await ctx.database.db.insert(cards).values({ organisationId: org.id, staffId: person.id, number: card });
    const clock = (body: Record<string, unknown> = {}) =>
      call('POST', `/card/${card}/clock/`, desk, { center_id: centerA, ...body });
    // Two minutes ago: the same business day of the centre (a clock-out closes a clock-in of that day).
    const start = new Date(Date.now() - 2 * 60_000);
    const inRes = await clock({ tapped_at: start.toISOString(), scan_id: `in-${person.id}` });
    expect(inRes.statusCode, inRes.body).toBe(200);
    expect(inRes.json()).toMatchObject({ result: true, state: 'in', attendance: { outAt: null, minutes: null } });
    expect(inRes.json().message).toMatch(/clocked in at \d\d:\d\d$/);
    const replay = await clock({ tapped_at: start.toISOString(), scan_id: `in-${person.id}` });
    expect(replay.json()).toMatchObject({ state: 'in', attendance: { id: inRes.json().attendance.id, outAt: null } });
    const out = await clock({ scan_id: `out-${person.id}` });
    expect(out.json()).toMatchObject({ result: true, state: 'out', attendance: { id: inRes.json().attendance.id } });
    expect(out.json().attendance.minutes).toBeGreaterThanOrEqual(1);
    const member = await memberWith();
    const notStaff = await call('POST', `/card/${member.card}/clock`, desk, { center_id: centerA });
    expect(notStaff.json()).toMatchObject({ result: false, state: null, attendance: null });
    const list = (await call('GET', `/staff-attendance?staffId=${person.id}`, manager)).json();
    expect(list.total).toBe(1);
    const days = (await call('GET', `/staff-attendance/days?staffId=${person.id}`, manager)).json();
    expect(days.items[0]).toMatchObject({ staff: { id: person.id }, open: 0 });
    expect(days.items[0].minutes).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/staff-attendance', desk)).statusCode).toBe(403);
  });
});
