/**
 * The entries report: every tap at the door in the range (granted, refused, duplicate), per
 * business day, per hour of the centre's day, or per refusal reason. Its `entries` total is the
 * number of entries recorded in the range.
 */
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { centers, entries } from '../../db/schema/index.ts';
import { can } from '../../lib/access.ts';
import type { KeyColumn } from '../../lib/long-read.ts';
import { col, type ReportSpec, type ResolvedFilters } from './engine.ts';

/** The entries of the range (each on its centre's business date), at the chosen centre. */
export function entriesIn(f: ResolvedFilters, ...more: (SQL | undefined)[]): SQL {
  return and(
    gte(entries.businessDate, f.from),
    lte(entries.businessDate, f.to),
    f.centerId ? eq(entries.centerId, f.centerId) : undefined,
    ...more,
  )!;
}

/** The hour of a tap on its centre's clock, 0–23. */
const hourOf = sql<number>`extract(hour from ${entries.tappedAt} at time zone ${centers.timeZone})::int`;

const counts = {
  entries: sql`count(*)`.as('entries'),
  granted: sql`count(*) filter (where ${entries.result} = 'granted')`.as('granted'),
  refused: sql`count(*) filter (where ${entries.result} = 'denied')`.as('refused'),
  duplicates: sql`count(*) filter (where ${entries.result} = 'duplicate')`.as('duplicates'),
};

function resultOf(column: string): SQL | undefined {
  if (column === 'granted') return eq(entries.result, 'granted');
  if (column === 'refused') return eq(entries.result, 'denied');
  if (column === 'duplicates') return eq(entries.result, 'duplicate');
  return undefined;
}

const TEXT_KEY: KeyColumn['cast'] = 'text';
const figures = () => [
  col('entries', 'count', { drill: 'entries' }),
  col('granted', 'count', { drill: 'entries' }),
  col('refused', 'count', { drill: 'entries' }),
  col('duplicates', 'count', { drill: 'entries' }),
];

export const entryReport: ReportSpec = {
  code: 'entry',
  title: { en: 'Entries', zh: '入場記錄' },
  access: can('read', 'Entry'),
  accepts: ['centerId', 'from', 'to', 'by'],
  keyCast: TEXT_KEY,
  columns: (f) => {
    if (f.by === 'hour') return [col('hour', 'hour'), ...figures()];
    if (f.by === 'reason') return [col('reason', 'text'), col('refused', 'count', { drill: 'entries' })];
    return [col('date', 'date'), ...figures(), col('members', 'count', { total: false })];
  },
  chart: { type: 'bar', x: 'date', series: ['granted', 'refused'] },
  defaultSort: 'date',
  query: (db, f) => {
    if (f.by === 'hour') {
      return db
        .select({ key: sql<string>`lpad(${hourOf}::text, 2, '0')`.as('key'), hour: hourOf.as('hour'), ...counts })
        .from(entries)
        .innerJoin(centers, eq(centers.id, entries.centerId))
        .where(entriesIn(f))
        .groupBy(hourOf);
    }
    if (f.by === 'reason') {
      return db
        .select({
          key: sql<string>`${entries.reason}`.as('key'),
          reason: sql<string>`${entries.reason}`.as('reason'),
          refused: counts.refused,
        })
        .from(entries)
        .where(entriesIn(f, eq(entries.result, 'denied')))
        .groupBy(entries.reason);
    }
    return db
      .select({
        key: sql<string>`${entries.businessDate}::text`.as('key'),
        date: sql<string>`${entries.businessDate}::text`.as('date'),
        ...counts,
        members: sql`count(distinct ${entries.memberId}) filter (where ${entries.result} = 'granted')`.as('members'),
      })
      .from(entries)
      .where(entriesIn(f))
      .groupBy(entries.businessDate);
  },
  drill: (f, column, row) => {
    let within: SQL | undefined;
    if (row !== undefined) {
      if (f.by === 'hour') {
        within = sql`${hourOf} = ${Number(row)}`;
      } else if (f.by === 'reason') within = eq(entries.reason, row);
      else within = eq(entries.businessDate, row);
    }
    return {
      source: 'entries',
      where: entriesIn(f, within, f.by === 'reason' ? eq(entries.result, 'denied') : resultOf(column)),
    };
  },
};
