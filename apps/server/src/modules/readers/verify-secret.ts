import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reusableUnscopedStatement } from '../../db/reusable.ts';
import { centers, readers } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What authenticating a reader reads of it (its secret's hash is compared, never answered). */
const readerColumns = {
  id: readers.id,
  organisationId: readers.organisationId,
  centerId: readers.centerId,
  name: readers.name,
  sn: readers.sn,
  secretHash: readers.secretHash,
};

export interface VerifiedReader {
  id: string;
  organisationId: string;
  centerId: string;
  name: string;
  sn: string;
}

/**
 * Authenticates a physical reader's call for the reader ingest: its centre, serial number and
 * secret must match an active, not deleted reader of an active centre. Hashes are compared in
 * constant time so that response times say nothing about the stored hash. A match records when
 * the reader was last seen.
 */
export async function verifyReaderSecret(
  { db, clock }: { db: Db; clock: Clock },
  input: { centerId: string; sn: string; secret: string },
): Promise<VerifiedReader | null> {
  // The ingest passes what the device sent; a malformed centre id is simply no reader.
  if (!UUID.test(input.centerId)) return null;
  const [row] = await db
    .select(readerColumns)
    .from(readers)
    .innerJoin(centers, eq(centers.id, readers.centerId))
    .where(
      and(
        eq(readers.centerId, input.centerId),
        eq(readers.sn, input.sn),
        isNull(readers.deletedAt),
        eq(readers.active, true),
        eq(centers.active, true),
      ),
    );
  const presented = Buffer.from(hashToken(input.secret), 'hex');
  // Without a reader the comparison still runs, against a hash nothing matches.
  const stored = Buffer.from(row?.secretHash ?? '0'.repeat(64), 'hex');
  const matches = stored.length === presented.length && timingSafeEqual(stored, presented);
  if (!row || !matches) return null;
  await db.update(readers).set({ lastSeenAt: clock.now() }).where(eq(readers.id, row.id));
  const { secretHash: _, ...reader } = row;
  return reader;
}

/** A reader the ingest may hear from: active, not deleted, at an active centre (its centre's time zone for the scan). */
export interface IngestReader extends VerifiedReader {
  timeZone: string;
}

/**
 * Authenticates a physical reader's scan by serial number and secret alone (the URL names no
 * organisation). A serial number is unique per organisation only, so every usable reader with it
 * is a candidate and the secret is compared with each one's hash, in constant time and all of them
 * (no early exit), so that the response time says nothing about which one, if any, matched.
 * Without candidates one comparison still runs, against a hash nothing matches.
 */
export async function authenticateReader(
  db: Db,
  input: { sn: string; secret: string },
  cache?: Pick<AppDeps['sessions'], 'reader'>,
): Promise<IngestReader | null> {
  const load = () => readersBySn(db, { sn: input.sn });
  // A door's reader sends many scans a second: its row is read once, until a reader or centre changes.
  const rows = cache ? await cache.reader(input.sn, load) : await load();
  return matchSecret(rows, input.secret);
}

/**
 * The same answer as `authenticateReader` when this server has the serial number's readers in its
 * cache, without a query; undefined when it would have to read them.
 */
export function authenticateCachedReader(
  input: { sn: string; secret: string },
  cache: Pick<AppDeps['sessions'], 'cachedReader'>,
): IngestReader | null | undefined {
  const rows = cache.cachedReader<ReaderRow>(input.sn);
  return rows === undefined ? undefined : matchSecret(rows, input.secret);
}

type ReaderRow = IngestReader & { secretHash: string };

/** The reader among `rows` whose secret this is: every hash compared in constant time, no early exit. */
function matchSecret(rows: readonly ReaderRow[], secret: string): IngestReader | null {
  const presented = Buffer.from(hashToken(secret), 'hex');
  let found: ReaderRow | null = null;
  for (const row of rows.length > 0 ? rows : [null]) {
    const stored = Buffer.from(row?.secretHash ?? '0'.repeat(64), 'hex');
    const matches = stored.length === presented.length && timingSafeEqual(stored, presented);
    if (matches && row) found = row;
  }
  if (!found) return null;
  const { secretHash: _, ...reader } = found;
  return reader;
}

/** The usable readers with a serial number, in every organisation (built once: a door's scans come many a second). */
const readersBySn = reusableUnscopedStatement('reader_by_sn', (db) =>
  db
    .select({ ...readerColumns, timeZone: centers.timeZone })
    .from(readers)
    .innerJoin(centers, eq(centers.id, readers.centerId))
    .where(
      and(
        eq(readers.sn, sql.placeholder('sn')),
        isNull(readers.deletedAt),
        sql`${readers.active}`,
        sql`${centers.active}`,
      ),
    ),
);
