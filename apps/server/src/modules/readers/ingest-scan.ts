import { randomUUID } from 'node:crypto';
import type { readerScanRequestSchema, ScanEvent } from '@gym/contract/entries';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { runAnnouncingBeforeCommit } from '../../db/pipeline.ts';
import { placeholders } from '../../db/reusable.ts';
import { domainEvents, readerScans, readers } from '../../db/schema/index.ts';
import type { RealtimeTarget } from '../../db/schema/platform.ts';
import type { AppDeps } from '../../deps.ts';
import { heldEventRow } from '../../lib/outbox.ts';
import type { IngestReader } from './verify-secret.ts';

/** How stale a reader's "last seen" may be before a scan writes it again. */
export const LAST_SEEN_PRECISION_MS = 30_000;

/** When this process last wrote each reader's "last seen" (a few bytes per reader). */
const lastSeenWritten = new Map<string, number>();

/** The domain event of a received scan; its realtime message is the card-reader event (`ScanEvent`). */
export const READER_SCANNED = 'reader.scanned';

/** The card-reader event of a scan, sent to the browsers of the reader's centre that own the reader. */
export function scanEvent(reader: IngestReader, scan: z.infer<typeof readerScanRequestSchema>): ScanEvent {
  return {
    center_id: reader.centerId,
    action: 'scan',
    // Not shown to people: the browser that owns the reader acts on it, and what it shows comes from the entry.
    message: `Card ${scan.card} at ${reader.name}`,
    icon: 'scan',
    reader: reader.sn,
    card: scan.card,
    scan_id: scan.scanId,
    at: new Date(scan.at).toISOString(),
  };
}

/**
 * Receives one scan of an authenticated reader, in ONE statement (its own transaction: a door's
 * scans come many a second, and `begin`, two inserts and `commit` were four round trips): the scan
 * row (its id is unique per reader, so a retried scan finds its row and writes nothing more), when
 * the reader was last seen (at most every half-minute per reader and process), and the card-reader
 * event in the outbox, inserted only with a new scan row and so never without it. After the
 * statement the event goes to the browsers of the reader's centre that own the reader: sent by this
 * process when the outbox may hold it, else by the dispatcher. The scan decides nothing: the browser
 * that owns the reader posts the entry. Answers whether the scan was new.
 */
export async function ingestScan(
  deps: Pick<AppDeps, 'database' | 'outbox' | 'clock'>,
  reader: IngestReader,
  scan: z.infer<typeof readerScanRequestSchema>,
): Promise<{ scanId: string; accepted: boolean }> {
  const now = deps.clock.now();
  const tappedAt = new Date(scan.at);
  const message = scanEvent(reader, scan);
  const event = {
    id: randomUUID(),
    organisationId: reader.organisationId,
    centerId: reader.centerId,
    type: READER_SCANNED,
    payload: { readerId: reader.id, sn: reader.sn, scanId: scan.scanId, card: scan.card, at: message.at },
    // Only the browsers that own this reader act on its scans: the centre's others are not sent them.
    realtime: { scope: 'reader', centerId: reader.centerId, sn: reader.sn, message } satisfies RealtimeTarget,
  };
  const hold = deps.outbox.holds(READER_SCANNED) ? deps.outbox.holdSeconds : null;
  // "Last seen" to the half-minute: a reader's scans do not all write (and lock) its row, which
  // would queue a busy door's scans one behind the other; and a process that wrote it recently
  // does not even ask.
  const seenDue = !(now.getTime() - (lastSeenWritten.get(reader.id) ?? 0) < LAST_SEEN_PRECISION_MS);
  const values = {
    organisationId: reader.organisationId,
    centerId: reader.centerId,
    readerId: reader.id,
    scanId: scan.scanId,
    card: scan.card,
    tappedAt,
    now,
    seenBefore: new Date(now.getTime() - LAST_SEEN_PRECISION_MS),
    eventId: event.id,
    type: event.type,
    payload: JSON.stringify(event.payload),
    realtime: JSON.stringify(event.realtime),
    hold,
  };
  type Written = { seq: string | number; occurred_at: string | Date };
  // A held event goes to the reader's browser as soon as the row is written, while the commit is
  // flushed: the browser's entry does not read the scan, and the reader is answered only once the
  // scan is on disk. Had the commit failed, the reader sends the scan again (same scan id), and the
  // browser acts on a scan id once.
  // Named: its text has a few shapes (with or without "last seen", held or not), each prepared once
  // per connection instead of planned at every scan.
  const [row] = await runAnnouncingBeforeCommit<Written>(
    deps.database.db,
    scanStatement(seenDue, hold !== null),
    ([written], committed) => {
      if (written && hold !== null) deps.outbox.deliverCommitted([heldEventRow(event, written, hold)], committed);
    },
    'reader_scan',
    values,
  );
  if (seenDue) lastSeenWritten.set(reader.id, now.getTime());
  if (!row) return { scanId: scan.scanId, accepted: false };
  if (hold === null) deps.outbox.wake();
  return { scanId: scan.scanId, accepted: true };
}

const scanStatements = new Map<string, SQL>();

/**
 * The statement of `ingestScan`, in its four shapes (with or without "last seen", held or not),
 * each built once with every value a placeholder.
 */
function scanStatement(seenDue: boolean, held: boolean): SQL {
  const key = `${seenDue}:${held}`;
  let statement = scanStatements.get(key);
  if (statement) return statement;
  const v = placeholders(
    'organisationId',
    'centerId',
    'readerId',
    'scanId',
    'card',
    'tappedAt',
    'now',
    'seenBefore',
    'eventId',
    'type',
    'payload',
    'realtime',
    'hold',
  );
  const seen = seenDue
    ? sql`, seen as (
        update ${readers} set last_seen_at = ${v.now}
        where ${readers.id} = ${v.readerId}
          and (${readers.lastSeenAt} is null or ${readers.lastSeenAt} < ${v.seenBefore})
        returning 1)`
    : sql``;
  statement = sql`
    with scan as (
      insert into ${readerScans} (organisation_id, center_id, reader_id, scan_id, card, tapped_at, received_at)
      values (${v.organisationId}, ${v.centerId}, ${v.readerId}, ${v.scanId}, ${v.card}, ${v.tappedAt}, ${v.now})
      on conflict (reader_id, scan_id) do nothing
      returning id
    )${seen}
    insert into ${domainEvents} (id, organisation_id, center_id, type, payload, realtime, claimed_until)
    select ${v.eventId}, ${v.organisationId}, ${v.centerId}, ${v.type}, ${v.payload}::jsonb, ${v.realtime}::jsonb,
      ${held ? sql`now() + make_interval(secs => ${v.hold})` : sql`null`}
    from scan
    returning seq, occurred_at`;
  scanStatements.set(key, statement);
  return statement;
}
