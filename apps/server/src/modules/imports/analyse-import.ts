import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_MAX_ERRORS, type ImportPreview, type ImportRequest, type ImportRowError } from '@gym/contract/imports';
import { formatMemberName } from '@gym/contract/names';
import { and, asc, sql } from 'drizzle-orm';
import { cards, centers, members } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import type { Clock } from '../../lib/clock.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { centreNotFound, type TenantDb } from '../../lib/tenant-db.ts';
import { parseInWorker } from './parse-file.ts';
import type { ImportCenter, PreparedMember } from './prepare-rows.ts';

export interface AnalysedImport {
  preview: ImportPreview;
  /** Every row, when the file has no error at all; otherwise the rows that passed. */
  members: PreparedMember[];
  /** Every error, uncapped. */
  errors: ImportRowError[];
}

/**
 * What the import's reads need: the caller, their scoped database and the clock. A command's
 * `UseCaseContext` is one, and so is a route's `queryContext`.
 */
export interface ImportReadContext {
  auth: AuthContext;
  db: TenantDb;
  clock: Clock;
}

/** A JSON array as one parameter: a 20,000-value list stays one bind value on both databases. */
const jsonList = (values: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The organisation's centres, each marked with whether the caller may work there. */
export async function centersForImport({ auth, db }: ImportReadContext): Promise<ImportCenter[]> {
  // Every centre of the organisation: those the caller may not use are named, and refused, by the rows.
  const rows = await db.wholeOrganisation
    .select({
      id: centers.id,
      code: centers.code,
      name: centers.name,
      timeZone: centers.timeZone,
      country: centers.country,
    })
    .from(centers)
    .orderBy(asc(centers.createdAt), asc(centers.code));
  return rows.map((c) => ({ ...c, allowed: auth.centerIds === null || auth.centerIds.includes(c.id) }));
}

/**
 * Codes already taken and cards already in use in the organisation (every centre: codes and card
 * numbers are unique across the organisation), and rows that look like people already stored.
 */
async function checkAgainstDatabase(ctx: ImportReadContext, all: readonly PreparedMember[]) {
  const errors: ImportRowError[] = [];
  let possibleDuplicates = 0;
  // Slices of the file, one turn of the event loop between them: on the embedded database each query
  // holds every other request up while it runs, so none may run long.
  for (let start = 0; start < all.length; start += CHECK_SLICE) {
    const slice = await checkSlice(ctx, all.slice(start, start + CHECK_SLICE));
    errors.push(...slice.errors);
    possibleDuplicates += slice.possibleDuplicates;
    await nextTurn();
  }
  return { errors, possibleDuplicates };
}

/** Rows checked per round of queries. */
const CHECK_SLICE = 2_000;

async function checkSlice({ db }: ImportReadContext, rows: readonly PreparedMember[]) {
  // Codes and card numbers are unique across the organisation; look-alikes are looked for in every centre.
  const whole = db.wholeOrganisation;
  const errors: ImportRowError[] = [];
  const codes = rows.flatMap((r) => (r.code ? [r.code] : []));
  const numbers = rows.flatMap((r) => (r.cardNumber ? [r.cardNumber] : []));
  const phones = rows.map((r) => r.phone.replace(/\D/g, ''));
  const emails = rows.flatMap((r) => (r.email ? [r.email] : []));
  const [takenCodes, usedCards, lookalikes] = await Promise.all([
    codes.length === 0
      ? []
      : whole
          .select({ code: members.code })
          .from(members)
          .where(sql`${members.code} in ${jsonList(codes)}`),
    numbers.length === 0
      ? []
      : whole
          .select({ number: cards.number })
          .from(cards)
          .where(and(sql`${cards.status} <> 'detached'`, sql`${cards.number} in ${jsonList(numbers)}`)),
    whole
      .select({ phoneDigits: members.phoneDigits, email: members.email })
      .from(members)
      .where(
        and(
          sql`${members.erasedAt} is null`,
          sql`(${members.phoneDigits} in ${jsonList(phones)} or ${members.email} in ${jsonList(emails)})`,
        ),
      ),
  ]);
  const codeSet = new Set(takenCodes.map((r) => r.code));
  const cardSet = new Set(usedCards.map((r) => r.number));
  const phoneSet = new Set(lookalikes.map((r) => r.phoneDigits).filter(Boolean));
  const emailSet = new Set(lookalikes.map((r) => r.email).filter(Boolean));
  let possibleDuplicates = 0;
  for (const r of rows) {
    if (r.code && codeSet.has(r.code)) {
      errors.push({
        row: r.row,
        field: 'code',
        code: 'code_taken',
        message: `Member code ${r.code} is already in use`,
        params: { value: r.code, name: formatMemberName(r) },
      });
    }
    if (r.cardNumber && cardSet.has(r.cardNumber)) {
      errors.push({
        row: r.row,
        field: 'cardNumber',
        code: 'card_in_use',
        message: `Card ${r.cardNumber} is already in use`,
        params: { value: r.cardNumber, name: formatMemberName(r) },
      });
    }
    if (phoneSet.has(r.phone.replace(/\D/g, '')) || (r.email && emailSet.has(r.email))) possibleDuplicates++;
  }
  return { errors, possibleDuplicates };
}

/**
 * Reads the file, maps it (the given mapping or one proposed from the headers), checks every row
 * against the member rules and the database. Writes nothing: the preview and the commit share it.
 */
export async function analyseImport(ctx: ImportReadContext, request: ImportRequest): Promise<AnalysedImport> {
  const centerList = await centersForImport(ctx);
  const defaultCenter = centerList.find((c) => c.id === request.defaultCenterId);
  // The one centre rule's answer: a centre the caller may not use does not exist for them.
  if (!defaultCenter?.allowed) throw centreNotFound('defaultCenterId');
  const { defaultLanguage } = await readSystemConfig(
    ctx.db.unscoped('readSystemConfig reads the caller’s organisation row by its id'),
    ctx.auth.organisationId,
  );
  const { headers, mapping, prepared } = await parseInWorker({
    kind: 'members',
    fileName: request.fileName,
    format: request.format,
    data: request.data,
    mapping: request.mapping,
    context: {
      centers: centerList,
      defaultCenter,
      language: defaultLanguage,
      values: request.values,
      today: ctx.clock.now(),
    },
  });
  const checked = await checkAgainstDatabase(ctx, prepared.members);
  const badRows = new Set(checked.errors.map((e) => e.row));
  const errors = [...prepared.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  const valid = prepared.members.filter((m) => !badRows.has(m.row));
  // A row with an error is not imported: a warning on it would say nothing more.
  const warnings = prepared.warnings.filter((w) => !badRows.has(w.row));
  return {
    members: valid,
    errors,
    preview: {
      headers,
      mapping,
      values: prepared.values,
      valueCounts: prepared.valueCounts,
      totalRows: prepared.totalRows,
      validRows: valid.length,
      errorCount: errors.length,
      errors: errors.slice(0, IMPORT_MAX_ERRORS),
      warningCount: warnings.length,
      warnings: warnings.slice(0, IMPORT_MAX_ERRORS),
      possibleDuplicates: checked.possibleDuplicates,
      cards: prepared.members.filter((m) => m.cardNumber).length,
      sample: prepared.sample,
    },
  };
}
