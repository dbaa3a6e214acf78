/**
 * Automatic no-shows: a member still `booked` once their class has ended (and a grace period has
 * passed for the teacher to take attendance) did not come. The sweep marks them `no_show`, which
 * keeps the credit used or, under the organisation's `fee` rule, gives it back and bills the fee
 * (a manager may waive either), and which the teacher may still correct to attended. Runs every minute on every server: the update names only rows still
 * `booked`, so two servers sweeping at once mark each booking once.
 */
import { CLASS_EVENTS } from '@gym/contract/classes';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, classes, classTypes } from '../../db/schema/index.ts';
import { clockAt } from '../../lib/clock.ts';
import { appendEvent } from '../../lib/outbox.ts';
import { type ActorContext, systemContext } from '../../lib/use-case.ts';
import { organisationConfig } from './lock.ts';
import { applyPenalty } from './penalty.ts';

/** Minutes after a class ends before its unmarked bookings become no-shows. */
export const NO_SHOW_AFTER_MINUTES = 30;

/** Bookings marked per statement (a sweep after days offline catches up in a few rounds). */
const BATCH = 500;

/**
 * Marks the no-shows of classes that ended more than `NO_SHOW_AFTER_MINUTES` before `now`, and tells
 * each class's centre (one event per class, in the same transaction). Answers how many were marked.
 */
export async function markNoShows(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NO_SHOW_AFTER_MINUTES * 60_000);
  let marked = 0;
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: bookings.id,
          organisationId: bookings.organisationId,
          classId: bookings.classId,
          centerId: classes.centerId,
        })
        .from(bookings)
        .innerJoin(classes, eq(classes.id, bookings.classId))
        .where(and(eq(bookings.status, 'booked'), eq(classes.status, 'scheduled'), lt(classes.endsAt, before)))
        .orderBy(classes.endsAt)
        .limit(BATCH)
        .for('update', { of: bookings, skipLocked: true });
      if (due.length === 0) return 0;
      const marked = new Set(
        (
          await tx
            .update(bookings)
            .set({ status: 'no_show', updatedAt: now })
            .where(
              and(
                inArray(
                  bookings.id,
                  due.map((d) => d.id),
                ),
                eq(bookings.status, 'booked'),
              ),
            )
            .returning({ id: bookings.id })
        ).map((r) => r.id),
      );
      const done = due.filter((d) => marked.has(d.id));
      // The fee rule, organisation by organisation, each as the system acting for it.
      const clock = clockAt(now);
      for (const organisationId of new Set(done.map((d) => d.organisationId))) {
        const { ctx, flush } = systemContext(tx, organisationId, clock);
        const ids = done.filter((d) => d.organisationId === organisationId).map((d) => d.id);
        await billNoShowFees(ctx, { ids });
        await flush();
      }
      const byClass = new Map<string, typeof done>();
      for (const r of done) byClass.set(r.classId, [...(byClass.get(r.classId) ?? []), r]);
      for (const [classId, list] of byClass) {
        const first = list[0]!;
        const payload = { classId, count: list.length, bookingIds: list.map((r) => r.id) };
        await appendEvent(tx, {
          organisationId: first.organisationId,
          centerId: first.centerId,
          type: CLASS_EVENTS.bookingsNoShow,
          payload,
          realtime: {
            scope: 'center',
            centerId: first.centerId,
            message: { action: CLASS_EVENTS.bookingsNoShow, ...payload },
          },
        });
      }
      return due.length;
    });
    marked += rows;
    if (rows < BATCH) return marked;
  }
}

/**
 * The `fee` rule on the bookings of one organisation just marked, in the sweep's transaction (the
 * system acting for that organisation): the credit back and a fee invoice each, with their events.
 */
async function billNoShowFees(ctx: ActorContext, { ids }: { ids: string[] }): Promise<void> {
  const config = await organisationConfig(ctx);
  if (config.lateCancelRule !== 'fee' || !config.lateCancelFeeMinor) return;
  const rows = await ctx.db
    .select({ b: bookings, c: classes, typeName: classTypes.name })
    .from(bookings)
    .innerJoin(classes, eq(classes.id, bookings.classId))
    .innerJoin(classTypes, eq(classTypes.id, classes.classTypeId))
    .where(inArray(bookings.id, ids));
  for (const { b, c, typeName } of rows) {
    const penalty = await applyPenalty(ctx, { config, booking: b, cls: { ...c, name: typeName }, kind: 'no_show' });
    if (!penalty.feeInvoiceId) continue;
    await ctx.db
      .update(bookings)
      .set({ creditReturned: b.creditReturned || penalty.creditReturned, feeInvoiceId: penalty.feeInvoiceId })
      .where(eq(bookings.id, b.id));
  }
}
