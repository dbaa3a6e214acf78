import { UNANSWERED_SCANS_MINUTES, type unansweredScansResponseSchema } from '@gym/contract/entries';
import { and, asc, eq, gte, isNull, notExists, or } from 'drizzle-orm';
import type { z } from 'zod';
import { entries, readerScans, readers, staffAttendance } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/**
 * The scans of a reader of the caller's centre, received in the last `UNANSWERED_SCANS_MINUTES`, that
 * recorded neither an entry nor a clocking: the browser that owns the reader asks for them each time
 * its realtime socket connects, and acts on them as on a scan event. A scan event goes only to the
 * browsers connected when it is sent: one sent while the reader's browser was away (its server killed,
 * the Wi-Fi down) would otherwise leave a member who tapped with no entry. A reader unknown at the
 * centre has none; a centre the caller does not work in is not found.
 */
export async function unansweredScans(
  ctx: { db: TenantDb; clock: Clock },
  input: { sn: string; centerId: string },
): Promise<z.infer<typeof unansweredScansResponseSchema>> {
  // A centre the caller does not work in does not exist for them (404), as everywhere.
  await ctx.db.usableCenter(input.centerId, 'centerId', false);
  const since = new Date(ctx.clock.now().getTime() - UNANSWERED_SCANS_MINUTES * 60_000);
  const rows = await ctx.db
    .select({ scanId: readerScans.scanId, card: readerScans.card, tappedAt: readerScans.tappedAt })
    .from(readerScans)
    .innerJoin(readers, eq(readers.id, readerScans.readerId))
    .where(
      and(
        eq(readers.sn, input.sn),
        eq(readerScans.centerId, input.centerId),
        isNull(readers.deletedAt),
        gte(readerScans.receivedAt, since),
        notExists(ctx.db.select({ one: entries.id }).from(entries).where(eq(entries.scanId, readerScans.scanId))),
        notExists(
          ctx.db
            .select({ one: staffAttendance.id })
            .from(staffAttendance)
            .where(
              or(eq(staffAttendance.inScanId, readerScans.scanId), eq(staffAttendance.outScanId, readerScans.scanId)),
            ),
        ),
      ),
    )
    .orderBy(asc(readerScans.receivedAt))
    .limit(500);
  return { items: rows.map((r) => ({ scanId: r.scanId, card: r.card, at: r.tappedAt.toISOString() })) };
}
