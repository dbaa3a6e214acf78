import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_BATCH_ROWS, type ImportProgressLine, type ImportRowError } from '@gym/contract/imports';
import { searchTextOf } from '@gym/contract/search';
import { zonedInstant } from '@gym/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centers, memberImports, members, organisations } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { allocateMemberCodes } from '../members/index.ts';
import type { ImportContext } from './import-members.ts';
import {
  ANALYZE_AFTER_ROWS,
  insertMemberRows,
  type NewCardRow,
  type NewMemberRow,
  refreshPlannerStatistics,
} from './insert-members.ts';
import type { PreparedMember } from './prepare-rows.ts';

/**
 * Codes from the organisation's pattern for rows that bring none. A generated code may already be
 * used (a member created earlier with a typed code, or a code of this very file): such codes are
 * skipped and more are drawn, so the import never fails on a number it chose itself.
 */
async function allocateFreeCodes(
  db: TenantDb,
  { centerCodes, reserved, now }: { centerCodes: readonly string[]; reserved: ReadonlySet<string>; now: Date },
): Promise<string[]> {
  const result: string[] = new Array(centerCodes.length);
  let pending = centerCodes.map((_, i) => i);
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= 10) throw new Error('no free member codes after 10 attempts');
    const drawn = await allocateMemberCodes(db, { centerCodes: pending.map((i) => centerCodes[i]!), now });
    // Codes are unique in the whole organisation; rows of imports still being written hold theirs too.
    const existing = await db.wholeOrganisation
      .select({ code: members.code })
      .from(members)
      .where(sql`${members.code} in (select jsonb_array_elements_text(${JSON.stringify(drawn)}::jsonb))`);
    const taken = new Set([...reserved, ...existing.map((r) => r.code)]);
    const next: number[] = [];
    pending.forEach((index, k) => {
      const code = drawn[k]!;
      if (taken.has(code)) next.push(index);
      else result[index] = code;
    });
    pending = next;
  }
  return result;
}

/**
 * The row a unique violation names (`Key (organisation_id, code)=(..., X) already exists`); row 0
 * and no params when the database did not say.
 */
function conflictOf(
  err: unknown,
  rows: readonly { row: number; value: string | null }[],
): Pick<ImportRowError, 'row' | 'params'> {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') {
      const m = /=\([^,]+, (.*)\) already exists/.exec(detail);
      const hit = m ? rows.find((r) => r.value === m[1]) : undefined;
      if (hit?.value) return { row: hit.row, params: { value: hit.value } };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return { row: 0 };
}

/** What the person importing reads when the transaction fails midway (nothing was kept). */
export function failureLine(
  err: unknown,
  rows: readonly PreparedMember[],
  codes: readonly string[],
): ImportProgressLine {
  const errors: ImportRowError[] = [];
  if (isUniqueViolation(err, 'members_org_code')) {
    const conflict = conflictOf(
      err,
      rows.map((r, i) => ({ row: r.row, value: codes[i] ?? r.code })),
    );
    errors.push({
      ...conflict,
      field: 'code',
      code: 'code_taken',
      message: 'This member code was taken while the file was being imported (another import or a new member)',
    });
    return {
      type: 'failed',
      error: 'code_taken',
      message: 'A member code was taken meanwhile: nothing was imported',
      errors,
    };
  }
  if (isUniqueViolation(err, 'cards_org_number_in_use')) {
    const conflict = conflictOf(
      err,
      rows.map((r) => ({ row: r.row, value: r.cardNumber })),
    );
    errors.push({
      ...conflict,
      field: 'cardNumber',
      code: 'card_in_use',
      message: 'This card was attached to someone else while the file was being imported',
    });
    return {
      type: 'failed',
      error: 'card_in_use',
      message: 'A card was taken meanwhile: nothing was imported',
      errors,
    };
  }
  return { type: 'failed', error: 'internal', message: 'The import failed: nothing was imported', errors };
}

/**
 * How an import shares a database that runs one statement at a time (PGlite): batches of about
 * `batchMs`, each followed by a pause of `pauseMs`. PostgreSQL needs none (other requests use other
 * connections): batches of `IMPORT_BATCH_ROWS`.
 */
export interface ImportPace {
  firstRows: number;
  batchMs: number;
  pauseMs: number;
}
export const EMBEDDED_PACE: ImportPace = { firstRows: 100, batchMs: 150, pauseMs: 60 };
/** PostgreSQL: other requests have their own connections, but share the database's CPU: shorter pauses. */
export const SERVER_PACE: ImportPace = { firstRows: 250, batchMs: 100, pauseMs: 25 };

export interface CommitResult {
  imported: number;
  cardsAttached: number;
}

/** Failed imports whose removal a test wants to watch (kept small on purpose: rows per delete). */
const REMOVE_BATCH = 500;

/**
 * Deletes the rows of a failed or abandoned import in short transactions (cards, then members),
 * gives its member codes back when nobody drew after it, and marks it `failed`. Its rows were never
 * visible, so deleting them in steps changes nothing anyone sees.
 */
export async function removeImport(db: Db, importId: string): Promise<void> {
  for (;;) {
    const removed = await db.transaction(async (tx) => {
      const ids = sql`(select id from members where import_id = ${importId} limit ${REMOVE_BATCH})`;
      await tx.execute(sql`delete from cards where member_id in ${ids}`);
      const gone = await tx.delete(members).where(sql`${members.id} in ${ids}`).returning({ id: members.id });
      return gone.length;
    });
    if (removed === 0) break;
    await nextTurn();
  }
  await db.transaction(async (tx) => {
    const [imp] = await tx
      .update(memberImports)
      .set({ status: 'failed' })
      .where(eq(memberImports.id, importId))
      .returning({
        organisationId: memberImports.organisationId,
        before: memberImports.seqBefore,
        after: memberImports.seqAfter,
      });
    if (imp?.before != null && imp.after != null && imp.after > imp.before) {
      // Only when the counter still stands where this import left it: no code after ours was handed out.
      await tx
        .update(organisations)
        .set({ memberSeq: imp.before })
        .where(and(eq(organisations.id, imp.organisationId), eq(organisations.memberSeq, imp.after)));
    }
  });
}

/** A `running` import whose heartbeat is older than this belongs to a process that died. */
export const ABANDONED_AFTER_MS = 2 * 60_000;

/**
 * Removes the rows of imports left `running` by a process that died mid-import (start-up and
 * every minute). `all`: every running import (the embedded database has one process only).
 */
export async function sweepAbandonedImports(db: Db, all = false): Promise<number> {
  const stale = await db
    .select({ id: memberImports.id })
    .from(memberImports)
    .where(
      all
        ? eq(memberImports.status, 'running')
        : sql`${memberImports.status} = 'running' and ${memberImports.heartbeatAt} < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})`,
    );
  for (const s of stale) await removeImport(db, s.id);
  return stale.length;
}

/**
 * Stores the prepared rows in short transactions of `IMPORT_BATCH_ROWS` rows, so that other
 * requests (other organisations' too) run between two batches, while nobody sees any of them:
 * every row carries the id of a `member_imports` row that stays `running` until the last batch is
 * written, then flips to `done` in one small update, which shows them all at once. A failure
 * removes what was written (see `removeImport`) and rethrows, after `emit` saw the progress so far.
 * Codes for rows without one are drawn in the first transaction; a failed import gives them back
 * when nobody drew after it. Codes and cards stay unique by the database's unique indexes.
 */
export async function commitImport(
  ctx: ImportContext,
  input: { rows: readonly PreparedMember[]; codesOut?: string[]; fileName?: string; pace?: ImportPace | null },
): Promise<CommitResult> {
  const { rows, codesOut = [], fileName = 'import', pace = null } = input;
  const { auth } = ctx;
  const emit = ctx.progress;
  const total = rows.length;
  emit({ type: 'progress', done: 0, total });
  const importId = randomUUID();
  const startedAt = ctx.clock.now();
  // `ctx.db` is on no transaction: each `savepoint` below is a short transaction of its own.
  const codes = await ctx.db.savepoint(async (db) => {
    const [before] = await db.select({ seq: organisations.memberSeq }).from(organisations);
    await db.insert(memberImports, { id: importId, fileName, total, createdBy: auth.userId });
    const reserved = new Set(rows.flatMap((r) => (r.code ? [r.code] : [])));
    const withoutCode = rows.flatMap((r, i) => (r.code ? [] : [i]));
    const drawn = await allocateFreeCodes(db, {
      centerCodes: withoutCode.map((i) => rows[i]!.homeCenterCode),
      reserved,
      now: startedAt,
    });
    const [after] = await db.select({ seq: organisations.memberSeq }).from(organisations);
    await db.update(
      memberImports,
      { seqBefore: before?.seq ?? null, seqAfter: after?.seq ?? null },
      eq(memberImports.id, importId),
    );
    const all = rows.map((r) => r.code ?? '');
    withoutCode.forEach((rowIndex, k) => {
      all[rowIndex] = drawn[k]!;
    });
    return all;
  });
  codesOut.push(...codes);

  let imported = 0;
  let cardsAttached = 0;
  try {
    const now = startedAt.toISOString();
    // A joining day becomes noon of that day on the home centre's clock, so it reads as that day there.
    const zones = new Map(
      (await ctx.db.wholeOrganisation.select({ id: centers.id, timeZone: centers.timeZone }).from(centers)).map((c) => [
        c.id,
        c.timeZone,
      ]),
    );
    const joined = (date: string, centerId: string) =>
      zonedInstant(date, '12:00', zones.get(centerId) ?? 'UTC').toISOString();
    let batchRows = pace ? pace.firstRows : IMPORT_BATCH_ROWS;
    for (let start = 0, end = 0; start < total; start = end) {
      const memberRows: NewMemberRow[] = [];
      const cardRows: NewCardRow[] = [];
      end = Math.min(total, start + batchRows);
      for (let i = start; i < end; i++) {
        const r = rows[i]!;
        const id = randomUUID();
        const code = codes[i]!;
        memberRows.push({
          id,
          organisationId: auth.organisationId,
          homeCenterId: r.homeCenterId,
          code,
          firstName: r.firstName,
          lastName: r.lastName,
          chineseName: r.chineseName,
          gender: r.gender,
          birthday: r.birthday,
          phone: r.phone,
          phoneDigits: r.phone.replace(/\D/g, '') || null,
          email: r.email,
          address: r.address,
          emergencyContactName: r.emergencyContactName,
          emergencyContactPhone: r.emergencyContactPhone,
          guardian: r.guardian,
          source: r.source,
          notes: r.notes,
          marketingConsent: r.marketingConsent,
          language: r.language,
          status: r.status,
          isNew: false,
          searchText: searchTextOf({ ...r, code, cardNumbers: r.cardNumber ? [r.cardNumber] : [] }),
          createdBy: auth.userId,
          createdAt: r.joinedAt ? joined(r.joinedAt, r.homeCenterId) : now,
          importId,
        });
        if (r.cardNumber) {
          cardRows.push({
            id: randomUUID(),
            organisationId: auth.organisationId,
            number: r.cardNumber,
            memberId: id,
            attachedBy: auth.userId,
            attachedAt: now,
          });
        }
      }
      const B0 = performance.now();
      await ctx.db.savepoint(async (db) => {
        await insertMemberRows(db, { memberRows, cardRows });
        const alive = await db
          .update(memberImports)
          .set({ heartbeatAt: sql`now()` })
          .where(and(eq(memberImports.id, importId), eq(memberImports.status, 'running')))
          .returning({ id: memberImports.id });
        // Swept meanwhile as abandoned (a heartbeat missed by minutes): stop rather than write on.
        if (alive.length === 0) throw new Error('import was removed while running');
      });
      const tookMs = performance.now() - B0;
      imported += memberRows.length;
      cardsAttached += cardRows.length;
      emit({ type: 'progress', done: imported, total });
      if (pace) {
        // The embedded database runs one statement at a time on this thread: size the next batch to
        // the target time, then pause so that the requests queued behind this batch, each with its
        // few queries in a row, run before the next one.
        const perRow = tookMs / memberRows.length;
        batchRows = Math.max(25, Math.min(IMPORT_BATCH_ROWS, Math.floor(pace.batchMs / Math.max(perRow, 0.01))));
        await sleep(pace.pauseMs);
      } else {
        // Let waiting requests and the response's socket through before the next batch.
        await nextTurn();
      }
    }
    const shown = await ctx.db
      .update(memberImports)
      .set({ status: 'done' })
      .where(and(eq(memberImports.id, importId), eq(memberImports.status, 'running')))
      .returning({ id: memberImports.id });
    if (shown.length === 0) throw new Error('import was removed while running');
  } catch (err) {
    await removeImport(ctx.database.db, importId).catch(() => undefined);
    throw err;
  }
  if (imported >= ANALYZE_AFTER_ROWS) {
    // The rows are shown: a statistics refresh that fails must not turn the answer into a failure.
    await refreshPlannerStatistics(ctx.db).catch(() => undefined);
  }
  return { imported, cardsAttached };
}
