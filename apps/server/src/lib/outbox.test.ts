import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../db/schema/index.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../test/harness.ts';
import { createEventBus } from './events.ts';
import { appendEvent, appendHeldEvent, createOutbox, type DeliveredEvent, type Outbox } from './outbox.ts';
import { publicCaller, runTransaction } from './use-case.ts';

let ctx: TestContext;
let org: TestOrganisation;
const outboxes: Outbox[] = [];

/** A dispatcher as another server would run it (its own bus, the same database). */
function dispatcher(opts: Parameters<typeof createOutbox>[2] = {}) {
  const outbox = createOutbox(ctx.database.db, createEventBus(), {
    pollMs: 60_000,
    backoffMs: 20,
    ...opts,
  });
  outboxes.push(outbox);
  return outbox;
}

beforeAll(async () => {
  ctx = await createTestContext();
  // This file runs its own dispatchers; the server's would take the test events to its listeners.
  await ctx.deps.outbox.stop();
  org = await ctx.newOrganisation();
});
afterAll(async () => {
  for (const o of outboxes) await o.stop();
  await ctx?.close();
});

const commit = (type: string, payload: Record<string, unknown> = {}) =>
  ctx.database.db.transaction((tx) => appendEvent(tx, { organisationId: org.id, type, payload }));

describe('transactional outbox', () => {
  it('never delivers an event appended in a rolled-back transaction', async () => {
    const outbox = dispatcher();
    const seen: DeliveredEvent[] = [];
    outbox.onEvent('test.rolled_back', 'recorder', (e) => {
      seen.push(e);
    });
    let id = '';
    await expect(
      ctx.database.db.transaction(async (tx) => {
        id = await appendEvent(tx, { organisationId: org.id, type: 'test.rolled_back', payload: { n: 1 } });
        throw new Error('the use case refuses after appending');
      }),
    ).rejects.toThrow('refuses');
    await outbox.drain();
    expect(seen).toEqual([]);
    expect(await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.id, id))).toEqual([]);
  });

  it('delivers each committed event once per listener, with its id, even when two dispatchers run at once', async () => {
    const a = dispatcher();
    const b = dispatcher();
    const seen: string[] = [];
    for (const o of [a, b]) {
      o.onEvent('test.once', 'counter', async (e) => {
        await sleep(2); // widens the window in which the other dispatcher could take the same row
        seen.push(e.id);
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await commit('test.once', { i }));
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(seen.sort()).toEqual([...ids].sort());
    const rows = await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'test.once'));
    expect(rows.every((r) => r.deliveredAt !== null && r.attempts === 1)).toBe(true);
  });

  it('delivers in commit order within an organisation', async () => {
    const outbox = dispatcher();
    const order: number[] = [];
    outbox.onEvent('test.ordered', 'recorder', (e) => {
      order.push(e.payload.i as number);
    });
    for (let i = 0; i < 10; i++) await commit('test.ordered', { i });
    await outbox.drain();
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('retries a failing listener with backoff, without re-running or holding back the others', async () => {
    const outbox = dispatcher({ backoffMs: 400 });
    outbox.start(); // retries are scheduled by a running dispatcher
    let flakyCalls = 0;
    const steady: string[] = [];
    const flakyOk: string[] = [];
    outbox.onEvent('test.flaky', 'flaky', (e) => {
      flakyCalls += 1;
      if (flakyCalls <= 2) throw new Error('listener down');
      flakyOk.push(e.id);
    });
    outbox.onEvent('test.flaky', 'steady', (e) => {
      steady.push(e.id);
    });
    const id = await commit('test.flaky');
    await outbox.drain();
    expect(steady).toEqual([id]);
    expect(flakyOk).toEqual([]);
    const [failed] = await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.id, id));
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null, doneListeners: ['steady'] });
    expect(failed?.lastError).toContain('flaky: listener down');

    // A later event of the same organisation is not held back by the failing one.
    const later: string[] = [];
    outbox.onEvent('test.after_flaky', 'recorder', (e) => {
      later.push(e.id);
    });
    const laterId = await commit('test.after_flaky');
    await outbox.drain();
    expect(later).toEqual([laterId]);

    // The retries (scheduled with backoff) end in success; the steady listener is not called again.
    for (let i = 0; i < 200 && flakyOk.length === 0; i++) await sleep(25);
    expect(flakyOk).toEqual([id]);
    expect(steady).toEqual([id]);
    // The row is marked delivered right after the listener returns: wait for that write.
    const row = async () => (await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.id, id)))[0];
    for (let i = 0; i < 200 && !(await row())?.deliveredAt; i++) await sleep(25);
    const done = await row();
    expect(done).toMatchObject({ attempts: 3, lastError: null });
    expect(done?.deliveredAt).not.toBeNull();
  });

  it('takes over the events a crashed dispatcher had claimed once its claim runs out', async () => {
    const id = await commit('test.orphan');
    await ctx.database.db
      .update(domainEvents)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(domainEvents.id, id));
    const outbox = dispatcher();
    const seen: string[] = [];
    outbox.onEvent('test.orphan', 'recorder', (e) => {
      seen.push(e.id);
    });
    await outbox.drain();
    expect(seen).toEqual([id]);
  });

  it('deletes delivered events after the retention period, never pending ones', async () => {
    const outbox = dispatcher({ keepDeliveredDays: 7 });
    const old = await commit('test.prune');
    const pending = await commit('test.prune_pending');
    await outbox.drain();
    await ctx.database.db
      .update(domainEvents)
      .set({ deliveredAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(domainEvents.id, old));
    await ctx.database.db.update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.id, pending));
    expect(await outbox.prune()).toBeGreaterThanOrEqual(1);
    expect(await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.id, old))).toEqual([]);
    expect(await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.id, pending))).toHaveLength(1);
    await ctx.database.db.update(domainEvents).set({ deliveredAt: new Date() }).where(eq(domainEvents.id, pending));
  });

  it('fans a realtime message out through the event bus after the commit', async () => {
    const bus = createEventBus();
    const outbox = createOutbox(ctx.database.db, bus, { pollMs: 60_000 });
    outboxes.push(outbox);
    const got: unknown[] = [];
    bus.subscribe('realtime.center', (e) => got.push(e));
    await ctx.database.db.transaction((tx) =>
      appendEvent(tx, {
        organisationId: org.id,
        type: 'test.live',
        payload: {},
        realtime: { scope: 'center', centerId: org.centers[0]!.id, message: { action: 'test.live' } },
      }),
    );
    await outbox.drain();
    expect(got).toEqual([{ organisationId: org.id, centerId: org.centers[0]!.id, payload: { action: 'test.live' } }]);
  });

  it('lets the committing process deliver a realtime-only event itself, at once, and mark it delivered', async () => {
    const bus = createEventBus();
    const outbox = createOutbox(ctx.database.db, bus, { pollMs: 60_000 });
    outboxes.push(outbox);
    outbox.start();
    const got: unknown[] = [];
    bus.subscribe('realtime.center', (e) => got.push(e));
    const centerId = org.centers[0]!.id;
    await runTransaction({ ...ctx.deps, outbox }, publicCaller(org.id, [centerId], 'outbox test'), async (c) => {
      c.emit({ type: 'test.held', organisationId: org.id, centerId, payload: { n: 1 } });
    });
    // No poll and no claim: the message is out as soon as the commit's promise chain has run.
    await sleep(0);
    expect(got).toEqual([{ organisationId: org.id, centerId, payload: { action: 'test.held', n: 1 } }]);
    await expect
      .poll(async () => {
        const [row] = await ctx.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'test.held'));
        return row && { delivered: row.deliveredAt !== null, attempts: row.attempts, claimed: row.claimedUntil };
      })
      .toEqual({ delivered: true, attempts: 1, claimed: null });
  });

  it('keeps marking the events it delivers itself after a drain found none to mark', async () => {
    const outbox = createOutbox(ctx.database.db, createEventBus(), { pollMs: 60_000 });
    outboxes.push(outbox);
    outbox.start();
    // Nothing held yet: this drain (as every wake) asks to mark what is delivered, and finds nothing.
    await outbox.drain();
    const centerId = org.centers[0]!.id;
    await runTransaction({ ...ctx.deps, outbox }, publicCaller(org.id, [centerId], 'outbox test'), async (c) => {
      c.emit({ type: 'test.held_after_drain', organisationId: org.id, centerId, payload: {} });
    });
    // Unmarked, it would be sent again a minute later and hold back its organisation's later events meanwhile.
    await expect
      .poll(
        async () => {
          const [row] = await ctx.database.db
            .select()
            .from(domainEvents)
            .where(eq(domainEvents.type, 'test.held_after_drain'));
          return row?.deliveredAt !== null;
        },
        { timeout: 3000 },
      )
      .toBe(true);
  });

  it('holds an event with listeners for the claim, which keeps commit order', async () => {
    const outbox = dispatcher();
    outbox.start();
    expect(outbox.holds('test.listened')).toBe(true);
    outbox.onEvent('test.listened', 'recorder', () => {});
    expect(outbox.holds('test.listened')).toBe(false);
    await outbox.stop();
    // A stopped outbox holds nothing: what a command commits waits for a drain.
    expect(outbox.holds('test.anything')).toBe(false);
  });

  it('leaves a held event to other dispatchers only once its hold runs out (the holder died before delivering)', async () => {
    const other = dispatcher();
    const seen: string[] = [];
    other.onEvent('test.held_orphan', 'recorder', (e) => {
      seen.push(e.id);
    });
    const held = await ctx.database.db.transaction((tx) =>
      appendHeldEvent(tx, { organisationId: org.id, type: 'test.held_orphan', payload: {} }, 60),
    );
    // An event committed after it, by another server, waits too: the first attempts keep commit order.
    const later = await commit('test.held_orphan');
    await other.drain();
    expect(seen).toEqual([]);
    await ctx.database.db
      .update(domainEvents)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(domainEvents.id, held.id));
    await other.drain();
    expect(seen).toEqual([held.id, later]);
  });

  it('delivers an event with a listener on its wake even when held events of its organisation were committed just before', async () => {
    const outbox = dispatcher();
    outbox.start();
    const seen: string[] = [];
    outbox.onEvent('test.mailed', 'recorder', (e) => {
      seen.push(e.type);
    });
    const centerId = org.centers[0]!.id;
    await runTransaction({ ...ctx.deps, outbox }, publicCaller(org.id, [centerId], 'outbox test'), async (c) => {
      c.emit({ type: 'test.live_first', organisationId: org.id, centerId, payload: {} });
      c.emit({ type: 'test.mailed', organisationId: org.id, centerId, payload: {} });
    });
    // The poll is a minute away: only the wake can deliver it, once the held event before it is marked.
    await expect.poll(() => seen, { timeout: 3000 }).toEqual(['test.mailed']);
  });
});
