import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { centers, readers } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  db: DbOrTx,
  input: { centerId: string; sn: string; secret: string },
): Promise<VerifiedReader | null> {
  // The ingest passes what the device sent; a malformed centre id is simply no reader.
  if (!UUID.test(input.centerId)) return null;
  const [row] = await db
    .select({
      id: readers.id,
      organisationId: readers.organisationId,
      centerId: readers.centerId,
      name: readers.name,
      sn: readers.sn,
      secretHash: readers.secretHash,
    })
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
  await db.update(readers).set({ lastSeenAt: new Date() }).where(eq(readers.id, row.id));
  const { secretHash: _, ...reader } = row;
  return reader;
}
