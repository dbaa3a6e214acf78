/**
 * The report engine: a report is one statement (`ReportSpec.query`) whose fields are its columns'
 * keys and `key` (the row's name for its drill-down). The engine pages and sorts it, sums its totals
 * from the same statement (so the table and its totals row cannot disagree), answers the rows behind
 * a figure (`drill`), and reads the whole of it in chunks for a file (lib/long-read.ts).
 */
import type {
  ReportChart,
  ReportCode,
  ReportColumn,
  ReportDrillResult,
  ReportFilter,
  ReportFilters,
  ReportResult,
  ReportRow,
  ReportSource,
} from '@gym/contract/reports';
import { REPORT_MAX_DAYS, REPORT_PATHS } from '@gym/contract/reports';
import { daysBetween } from '@gym/contract/time';
import { asc, count, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Access } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { type ChunkedRows, type KeyColumn, keysetRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** The filters as a report reads them: the range always filled in (business dates), and today. */
export type ResolvedFilters = ReportFilters & { from: string; to: string; today: string };

/** A column as the engine knows it: the contract's, and how its total is made (`sum`, or none). */
export interface ColumnSpec extends ReportColumn {
  total: 'sum' | null;
}

/** A built select not yet run; the engine wraps it as a subquery. */
export interface ReportStatement {
  as(alias: string): unknown;
}

/** The rows behind a figure: a source of rows and the condition on its table. */
export interface DrillTarget {
  source: ReportSource;
  where: SQL | undefined;
}

export interface ReportSpec {
  code: ReportCode;
  /** The report's own title in English and Chinese (the screens show `reports:titles.<code>`). */
  title: { en: string; zh: string };
  access: Access;
  /** The filters it reads (the others are ignored). */
  accepts: ReportFilter[];
  columns: (f: ResolvedFilters) => ColumnSpec[];
  chart: ReportChart | null;
  /** The column it is sorted by unless the caller says (`-key` descending). */
  defaultSort: string;
  /** The type of `key`, by which a file reads the rows in chunks (its order: text, a date, an id). */
  keyCast: KeyColumn['cast'];
  /** The rows: one select whose fields are the columns' keys and `key` (unique per row, never null). */
  query: (db: TenantDb, f: ResolvedFilters) => ReportStatement;
  /**
   * The rows behind the figure of `column` in the row named `row` (no row: behind the total). `db`
   * builds subqueries scoped as the report's own statements are (the caller's organisation and centres).
   */
  drill?: (f: ResolvedFilters, column: string, row: string | undefined, db: TenantDb) => DrillTarget | null;
}

export const col = (
  key: string,
  kind: ReportColumn['kind'],
  opts: { drill?: ReportSource; total?: boolean; sortable?: boolean } = {},
): ColumnSpec => ({
  key,
  title: `titles.columns.${key}`,
  kind,
  sortable: opts.sortable ?? true,
  drill: opts.drill ?? null,
  total: (opts.total ?? (kind === 'money' || kind === 'count')) ? 'sum' : null,
});

/**
 * The caller's centre limit on a centre column that the scoped statements leave alone (a joined
 * table's, or a table not bound to a centre such as a membership's): none for a caller of every centre.
 */
export const inCallerCentres = (db: TenantDb, column: PgColumn): SQL | undefined => {
  const mine = db.auth.centerIds;
  if (mine === null) return undefined;
  return mine.length > 0 ? inArray(column, mine) : sql`false`;
};

/** The i18n key of a report's title (namespace `reports`); a dot would nest the key, so `center-Sales.vue` is `center-Sales_vue`. */
export const titleKey = (code: ReportCode) => `titles.${code.replaceAll('.', '_')}`;

/** A 400 naming the field, in the shape zod's refusals have. */
const badFilter = (path: string, code: string, message: string) =>
  new AppError(400, 'validation_failed', message, [{ path, code, message }]);

/**
 * The range: both ends as given, else the current month of the caller's zone up to today (`from`
 * alone: up to today; `to` alone: its month). Refused when it ends before it starts or is too long.
 */
export function resolveRange(f: ReportFilters, today: string): { from: string; to: string } {
  const to = f.to ?? (f.from && f.from > today ? f.from : today);
  const from = f.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw badFilter('to', 'invalid_value', 'The range ends before it starts');
  if (daysBetween(from, to) > REPORT_MAX_DAYS) throw badFilter('to', 'too_big', 'The range is too long');
  return { from, to };
}

const NUMERIC = new Set<ReportColumn['kind']>(['money', 'count', 'percent', 'hour']);

function cell(kind: ReportColumn['kind'], value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (NUMERIC.has(kind)) return Number(value);
  return String(value);
}

function rowOf(columns: ColumnSpec[], raw: Record<string, unknown>): ReportRow {
  const row: ReportRow = { key: String(raw.key) };
  for (const c of columns) row[c.key] = cell(c.kind, raw[c.key]);
  return row;
}

type Fields = Record<string, SQL | SQL.Aliased>;

function sortOf(
  spec: ReportSpec,
  columns: ColumnSpec[],
  sort: string | undefined,
): { key: string; descending: boolean } {
  const wanted = sort ?? spec.defaultSort;
  const key = wanted.replace(/^-/, '');
  const usable = columns.find((c) => c.key === key && c.sortable);
  if (!usable) {
    if (sort !== undefined) throw badFilter('sort', 'invalid_value', 'This report cannot be sorted by that column');
    // The default of another grouping (the entries per hour have no date): the first column.
    return { key: columns.find((c) => c.sortable)?.key ?? 'key', descending: false };
  }
  return { key, descending: wanted.startsWith('-') };
}

export interface ReportPage {
  page: number;
  pageSize: number;
  sort?: string | undefined;
}

/** A page of a report, its totals over every row, and how to show it. */
export async function runReport(
  db: TenantDb,
  spec: ReportSpec,
  f: ResolvedFilters,
  { page, pageSize, sort }: ReportPage,
): Promise<ReportResult> {
  const columns = spec.columns(f);
  const order = sortOf(spec, columns, sort);
  const r = spec.query(db, f).as('report') as Fields;
  const summed = columns.filter((c) => c.total === 'sum');
  const direction = order.descending ? desc : asc;
  const [rows, [sums]] = await Promise.all([
    db
      .select()
      .from(r as never)
      .orderBy(direction(sql`${r[order.key]!}`), asc(sql`${r.key!}`))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        n: count(),
        ...Object.fromEntries(summed.map((c) => [c.key, sql<string>`coalesce(sum(${r[c.key]!}), 0)::text`])),
      })
      .from(r as never),
  ]);
  const totals: Record<string, number | null> = {};
  for (const c of columns)
    totals[c.key] = c.total === 'sum' ? Number((sums as unknown as Record<string, unknown>)[c.key]) : null;
  return {
    code: spec.code,
    title: spec.title.en,
    titleKey: titleKey(spec.code),
    filters: filtersShown(spec, f),
    accepts: spec.accepts,
    columns: columns.map(({ total: _, ...c }) => c),
    rows: (rows as Record<string, unknown>[]).map((raw) => rowOf(columns, raw)),
    totals,
    chart: spec.chart,
    page,
    pageSize,
    total: Number((sums as unknown as { n: number }).n),
  };
}

/** The filters the report read, as applied. */
function filtersShown(spec: ReportSpec, f: ResolvedFilters): ReportResult['filters'] {
  const shown: Record<string, unknown> = { from: f.from, to: f.to };
  for (const name of spec.accepts) {
    const value = f[name];
    if (value !== undefined) shown[name] = value;
  }
  return shown as ReportResult['filters'];
}

/** Every row of the report in the order of its key, a chunk at a time (for a file). */
export function reportRows(db: TenantDb, spec: ReportSpec, f: ResolvedFilters): ChunkedRows<ReportRow> {
  const columns = spec.columns(f);
  const r = spec.query(db, f).as('report') as Fields;
  const keys: KeyColumn[] = [{ column: sql`${r.key!}`, cast: spec.keyCast }];
  return keysetRows(
    keys,
    ({ columns: keyCols, after, order, limit }) =>
      db
        .select({ row: sql<Record<string, unknown>>`to_jsonb(report)`, ...keyCols })
        .from(r as never)
        .where(after)
        .orderBy(...order)
        .limit(limit),
    ({ row }) => rowOf(columns, row),
  );
}

export { REPORT_PATHS };

/** The source rows of a drill-down, as the engine's sources answer them. */
export type DrillReader = (
  db: TenantDb,
  target: DrillTarget,
  page: { page: number; pageSize: number },
) => Promise<ReportDrillResult>;
