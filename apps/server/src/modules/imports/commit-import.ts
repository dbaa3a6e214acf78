import { randomUUID } from 'node:crypto';
import { IMPORT_PROGRESS_EVERY, type ImportProgressLine, type ImportRowError } from '@gym/contract/imports';
import { searchTextOf } from '@gym/contract/search';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { scoped } from '../../lib/scope.ts';
import { allocateMemberCodes } from '../members/index.ts';
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
  tx: DbOrTx,
  auth: AuthContext,
  centerCodes: readonly string[],
  reserved: ReadonlySet<string>,
): Promise<string[]> {
  const result: string[] = new Array(centerCodes.length);
  let pending = centerCodes.map((_, i) => i);
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= 10) throw new Error('no free member codes after 10 attempts');
    const drawn = await allocateMemberCodes(
      tx,
      auth.organisationId,
      pending.map((i) => centerCodes[i]!),
    );
    const existing = await tx
      .select({ code: members.code })
      .from(members)
      .where(
        scoped(
          auth,
          { organisationId: members.organisationId },
          sql`${members.code} in (select jsonb_array_elements_text(${JSON.stringify(drawn)}::jsonb))`,
        ),
      );
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

export interface CommitResult {
  imported: number;
  cardsAttached: number;
}

/**
 * Stores every prepared row in ONE transaction: codes for rows without one in a single allocation,
 * members and cards in multi-row statements, a progress line about every `IMPORT_PROGRESS_EVERY` rows.
 * Throws (after `emit` saw the progress so far) when the transaction fails; nothing is kept then.
 */
export async function commitImport(
  db: Db,
  auth: AuthContext,
  rows: readonly PreparedMember[],
  emit: (line: ImportProgressLine) => void,
  codesOut: string[] = [],
): Promise<CommitResult> {
  const total = rows.length;
  emit({ type: 'progress', done: 0, total });
  const result = await db.transaction(async (tx) => {
    const reserved = new Set(rows.flatMap((r) => (r.code ? [r.code] : [])));
    const withoutCode = rows.flatMap((r, i) => (r.code ? [] : [i]));
    const drawn = await allocateFreeCodes(
      tx,
      auth,
      withoutCode.map((i) => rows[i]!.homeCenterCode),
      reserved,
    );
    const codes = rows.map((r) => r.code ?? '');
    withoutCode.forEach((rowIndex, k) => {
      codes[rowIndex] = drawn[k]!;
    });
    codesOut.push(...codes);

    const now = new Date().toISOString();
    const memberRows: NewMemberRow[] = [];
    const cardRows: NewCardRow[] = [];
    rows.forEach((r, i) => {
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
        // Noon UTC keeps the joining day the same calendar day in every centre's time zone.
        createdAt: r.joinedAt ? `${r.joinedAt}T12:00:00.000Z` : now,
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
    });

    let reported = 0;
    await insertMemberRows(tx, memberRows, cardRows, (done) => {
      if (done - reported >= IMPORT_PROGRESS_EVERY || done === total) {
        reported = done;
        emit({ type: 'progress', done, total });
      }
    });
    return { imported: memberRows.length, cardsAttached: cardRows.length };
  });
  if (result.imported >= ANALYZE_AFTER_ROWS) {
    // The rows are committed: a statistics refresh that fails must not turn the answer into a failure.
    await refreshPlannerStatistics(db).catch(() => undefined);
  }
  return result;
}
