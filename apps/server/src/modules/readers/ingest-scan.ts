import type { readerScanRequestSchema, ScanEvent } from '@gym/contract/entries';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { readerScans, readers } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { publicCaller, runCommand } from '../../lib/use-case.ts';
import type { IngestReader } from './verify-secret.ts';

/** How stale a reader's "last seen" may be before a scan writes it again. */
export const LAST_SEEN_PRECISION_MS = 30_000;

/** When this process last wrote each reader's "last seen" (a few bytes per reader). */
const lastSeenWritten = new Map<string, number>();

/** The domain event of a received scan; its realtime message is the card-reader event (`ScanEvent`). */
export const READER_SCANNED = 'reader.scanned';

/**
 * Receives one scan of an authenticated reader, in one transaction: the scan row (its id is unique
 * per reader, so a retried scan finds its row and changes nothing), when the reader was last seen,
 * and the card-reader event to the browsers of the reader's centre through the outbox (delivered
 * after the commit, never on rollback). The scan decides nothing: the browser that owns the reader
 * posts the entry. Answers whether the scan was new.
 */
export async function ingestScan(
  deps: Pick<AppDeps, 'database' | 'outbox'>,
  reader: IngestReader,
  scan: z.infer<typeof readerScanRequestSchema>,
): Promise<{ scanId: string; accepted: boolean }> {
  const caller = publicCaller(reader.organisationId, [reader.centerId], `card reader ${reader.sn}`);
  return runCommand(deps, caller, async (ctx) => {
    const now = ctx.clock.now();
    const tappedAt = new Date(scan.at);
    // "Last seen" to the half-minute: a reader's scans do not all write (and lock) its row, which
    // would queue a busy door's scans one behind the other; and a process that wrote it recently
    // does not even ask (one statement fewer per scan).
    if (!(now.getTime() - (lastSeenWritten.get(reader.id) ?? 0) < LAST_SEEN_PRECISION_MS)) {
      await ctx.tx
        .update(readers)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(readers.id, reader.id),
            or(isNull(readers.lastSeenAt), lt(readers.lastSeenAt, new Date(now.getTime() - LAST_SEEN_PRECISION_MS))),
          ),
        );
      lastSeenWritten.set(reader.id, now.getTime());
    }
    const inserted = await ctx.tx
      .insert(readerScans)
      .values({
        organisationId: reader.organisationId,
        centerId: reader.centerId,
        readerId: reader.id,
        scanId: scan.scanId,
        card: scan.card,
        tappedAt,
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [readerScans.readerId, readerScans.scanId] })
      .returning({ id: readerScans.id });
    if (inserted.length === 0) return { scanId: scan.scanId, accepted: false };
    const message: ScanEvent = {
      center_id: reader.centerId,
      action: 'scan',
      // Not shown to people: the browser that owns the reader acts on it, and what it shows comes from the entry.
      message: `Card ${scan.card} at ${reader.name}`,
      icon: 'scan',
      reader: reader.sn,
      card: scan.card,
      scan_id: scan.scanId,
      at: tappedAt.toISOString(),
    };
    ctx.emit({
      type: READER_SCANNED,
      organisationId: reader.organisationId,
      centerId: reader.centerId,
      payload: { readerId: reader.id, sn: reader.sn, scanId: scan.scanId, card: scan.card, at: message.at },
      // Only the browsers that own this reader act on its scans: the centre's others are not sent them.
      realtime: { scope: 'reader', centerId: reader.centerId, sn: reader.sn, message },
    });
    return { scanId: scan.scanId, accepted: true };
  });
}
