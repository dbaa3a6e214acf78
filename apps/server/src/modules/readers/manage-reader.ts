import { randomBytes } from 'node:crypto';
import type { AuditAction } from '@gym/contract/audit';
import type { createReaderRequestSchema, Reader, updateReaderRequestSchema } from '@gym/contract/readers';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { readers } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { usableCenter } from '../../lib/tenant-db.ts';
import { hashToken } from '../../lib/tokens.ts';
import { runTransaction, type UseCaseContext } from '../../lib/use-case.ts';
import { getReader, readerScope } from './queries.ts';

export interface ReaderWithSecret {
  reader: Reader;
  secret: string;
}

/**
 * 32 random bytes in hexadecimal: typed once into the reader's configuration, never shown again.
 * Not base64url: one secret in 64 would begin with "-", which a command line (the reader
 * simulator's `--secret`, a reader's setup tool) takes for an option.
 */
function newReaderSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('hex');
  return { secret, secretHash: hashToken(secret) };
}

/** Runs a reader command; the serial number's unique index answers 409 `sn_taken` naming `sn`. */
export async function runReaderCommand<T>(
  deps: AppDeps,
  auth: AuthContext,
  work: (ctx: UseCaseContext) => Promise<T>,
): Promise<T> {
  try {
    return await runTransaction(deps, auth, async (ctx) => {
      const out = await work(ctx);
      // The ingest's cached reader lookups are dropped on every server when this commits.
      await deps.sessions.changed(ctx.tx, { readers: true });
      return out;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'readers_org_sn')) {
      throw conflict('sn_taken', 'Another reader of the organisation has this serial number', 'sn');
    }
    throw err;
  }
}

/** A reader belongs to a centre the caller works in and that is open (the one centre rule). */
async function usableReaderCenter(tx: Tx, auth: AuthContext, centerId: string): Promise<void> {
  await usableCenter(tx, auth, centerId, 'centerId');
}

export async function createReader(
  ctx: UseCaseContext,
  input: z.infer<typeof createReaderRequestSchema>,
): Promise<ReaderWithSecret> {
  const { tx, auth } = ctx;
  await usableReaderCenter(tx, auth, input.centerId);
  const { secret, secretHash } = newReaderSecret();
  const [row] = await tx
    .insert(readers)
    .values({
      organisationId: auth.organisationId,
      centerId: input.centerId,
      name: input.name,
      sn: input.sn,
      secretHash,
    })
    .returning({ id: readers.id });
  await audit(tx, auth, null, {
    action: 'reader.created',
    entityType: 'reader',
    entityId: row!.id,
    centerId: input.centerId,
    summary: `Reader ${input.name} (${input.sn}) created with a new secret`,
    after: { name: input.name, sn: input.sn, centerId: input.centerId },
  });
  return { reader: await getReader(tx, auth, row!.id), secret };
}

/** A new secret replaces the old one at once: a reader still using the old one is refused from now on. */
export async function rotateReaderSecret(ctx: UseCaseContext, input: { id: string }): Promise<ReaderWithSecret> {
  const { id } = input;
  const { tx, auth } = ctx;
  const { secret, secretHash } = newReaderSecret();
  const [row] = await tx
    .update(readers)
    .set({ secretHash })
    .where(readerScope(auth, eq(readers.id, id)))
    .returning({ id: readers.id });
  if (!row) throw notFound('reader');
  const reader = await getReader(tx, auth, id);
  await audit(tx, auth, null, {
    action: 'reader.secret_rotated',
    entityType: 'reader',
    entityId: id,
    centerId: reader.center.id,
    summary: `Secret of reader ${reader.name} (${reader.sn}) replaced`,
  });
  return { reader, secret };
}

/**
 * Renames, moves or (de)activates a reader. Each kind of change is its own audit row (what the
 * audit log's filter by action finds): `reader.renamed`, `reader.moved` (at the new centre, the old
 * one in `before`), `reader.activated` / `reader.deactivated`; what does not change writes none.
 */
export async function updateReader(
  ctx: UseCaseContext,
  { id, ...input }: z.infer<typeof updateReaderRequestSchema> & { id: string },
): Promise<Reader> {
  const { tx, auth } = ctx;
  const where = readerScope(auth, eq(readers.id, id));
  const [current] = await tx
    .select({ centerId: readers.centerId, name: readers.name, sn: readers.sn, active: readers.active })
    .from(readers)
    .where(where)
    .for('update');
  if (!current) throw notFound('reader');
  if (input.centerId !== undefined && input.centerId !== current.centerId)
    await usableReaderCenter(tx, auth, input.centerId);
  if (Object.keys(input).length > 0) await tx.update(readers).set(input).where(where);
  const after = { ...current, ...input };
  const label = `${after.name} (${current.sn})`;
  const changes: { action: AuditAction; field: 'name' | 'centerId' | 'active'; summary: string }[] = [
    {
      action: 'reader.renamed',
      field: 'name',
      summary: `Reader ${current.name} (${current.sn}) renamed ${after.name}`,
    },
    { action: 'reader.moved', field: 'centerId', summary: `Reader ${label} moved to another centre` },
    {
      action: after.active ? 'reader.activated' : 'reader.deactivated',
      field: 'active',
      summary: `Reader ${label} ${after.active ? 'activated' : 'deactivated'}`,
    },
  ];
  for (const change of changes) {
    await audit(tx, auth, null, {
      action: change.action,
      entityType: 'reader',
      entityId: id,
      centerId: after.centerId,
      summary: change.summary,
      before: current,
      after,
      fields: [change.field],
    });
  }
  return getReader(tx, auth, id);
}

/** Deleting keeps the row (entries will name their reader) and frees the serial number for a replacement. */
export async function deleteReader(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const [row] = await ctx.tx
    .update(readers)
    .set({ deletedAt: ctx.clock.now(), active: false })
    .where(readerScope(ctx.auth, eq(readers.id, input.id)))
    .returning({ id: readers.id, name: readers.name, sn: readers.sn, centerId: readers.centerId });
  if (!row) throw notFound('reader');
  await audit(ctx.tx, ctx.auth, null, {
    action: 'reader.deleted',
    entityType: 'reader',
    entityId: row.id,
    centerId: row.centerId,
    summary: `Reader ${row.name} (${row.sn}) deleted; its serial number is free again`,
    before: { name: row.name, sn: row.sn, centerId: row.centerId },
  });
}
