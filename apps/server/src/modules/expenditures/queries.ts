import type {
  Expenditure,
  ExpenditureCategory,
  ExpenditureMethod,
  expenditureExportQuerySchema,
  expenditureListQuerySchema,
} from '@gym/contract/expenditures';
import { likeEscape } from '@gym/contract/search';
import { and, asc, count, eq, gte, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, expenditureCategories, expenditures, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { type KeyColumn, keyOrder, keysetRows } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

type ListFilters = Omit<z.infer<typeof expenditureExportQuerySchema>, 'format'>;

const columns = {
  e: expenditures,
  center: { id: centers.id, code: centers.code, name: centers.name },
  category: { id: expenditureCategories.id, name: expenditureCategories.name },
  recordedBy: { id: users.id, name: users.fullName },
};
type Row = {
  e: typeof expenditures.$inferSelect;
  center: { id: string; code: string; name: string };
  category: { id: string; name: string };
  recordedBy: { id: string; name: string };
};

function toExpenditure({ e, center, category, recordedBy }: Row): Expenditure {
  return {
    id: e.id,
    center,
    date: e.date,
    category,
    amount: e.amount,
    taxAmount: e.taxAmount,
    supplier: e.supplier,
    method: e.method as ExpenditureMethod,
    note: e.note,
    receipt:
      e.receiptKey && e.receiptName && e.receiptType
        ? { fileName: e.receiptName, contentType: e.receiptType, size: e.receiptSize ?? 0 }
        : null,
    recordedBy,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** Expenditures are scoped by their centre (the scoped database's); deleted ones are gone for every reader. */
const notDeleted = (...more: (SQL | undefined)[]) => and(isNull(expenditures.deletedAt), ...more);

function listWhere(q: ListFilters): SQL | undefined {
  const keyword = q.keyword?.trim();
  const like = keyword ? `%${likeEscape(keyword)}%` : null;
  return notDeleted(
    q.centerId ? eq(expenditures.centerId, q.centerId) : undefined,
    q.categoryId ? eq(expenditures.categoryId, q.categoryId) : undefined,
    q.method ? eq(expenditures.method, q.method) : undefined,
    q.from ? gte(expenditures.date, q.from) : undefined,
    q.to ? lte(expenditures.date, q.to) : undefined,
    like ? or(ilike(expenditures.supplier, like), ilike(expenditures.note, like)) : undefined,
  );
}

/** The columns of a sort, each in its direction, ending with the id. */
function listKey(sort: ListFilters['sort']): KeyColumn[] {
  const descending = sort.startsWith('-');
  const then: KeyColumn[] = [
    { column: expenditures.date, cast: 'date', descending: true },
    { column: expenditures.createdAt, cast: 'timestamptz', descending: true },
    { column: expenditures.id, cast: 'uuid', descending: false },
  ];
  switch (sort.replace(/^-/, '')) {
    case 'amount':
      return [{ column: expenditures.amount, cast: 'bigint', descending }, ...then];
    case 'category':
      return [{ column: sql`lower(${expenditureCategories.name})`, cast: 'text', descending }, ...then];
    case 'supplier':
      return [{ column: sql`lower(coalesce(${expenditures.supplier}, ''))`, cast: 'text', descending }, ...then];
    case 'center':
      return [{ column: centers.code, cast: 'text', descending }, ...then];
    default:
      return [
        { column: expenditures.date, cast: 'date', descending },
        { column: expenditures.createdAt, cast: 'timestamptz', descending },
        { column: expenditures.id, cast: 'uuid', descending: false },
      ];
  }
}

const listOrder = (sort: ListFilters['sort']): SQL[] => keyOrder(listKey(sort));

function selectRows<X extends Record<string, SQL>>(db: TenantDb, extra?: X) {
  return db
    .select({ ...columns, ...(extra as X) })
    .from(expenditures)
    .innerJoin(centers, eq(centers.id, expenditures.centerId))
    .innerJoin(expenditureCategories, eq(expenditureCategories.id, expenditures.categoryId))
    .innerJoin(users, eq(users.id, expenditures.recordedBy));
}

export async function listExpenditures(db: TenantDb, q: z.infer<typeof expenditureListQuerySchema>) {
  const where = listWhere(q);
  const [rows, [totals]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...listOrder(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        n: count(),
        // Sums of bigints are numerics: read back as text and turned into integers here.
        amount: sql<string>`coalesce(sum(${expenditures.amount}), 0)::text`,
        taxAmount: sql<string>`coalesce(sum(${expenditures.taxAmount}), 0)::text`,
      })
      .from(expenditures)
      .where(where),
  ]);
  return {
    items: rows.map(toExpenditure),
    total: totals?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    totals: { amount: Number(totals?.amount ?? 0), taxAmount: Number(totals?.taxAmount ?? 0) },
  };
}

/**
 * Every expenditure the export's filters select, a chunk at a time (lib/long-read.ts), each after
 * the last one's sort values: one recorded during the export neither repeats nor pushes out another.
 */
export async function expendituresForExport(db: TenantDb, q: ListFilters) {
  const where = listWhere(q);
  return keysetRows(
    listKey(q.sort),
    ({ columns, after, order, limit }) =>
      selectRows(db, columns)
        .where(and(where, after))
        .orderBy(...order)
        .limit(limit),
    toExpenditure,
  );
}

export async function getExpenditure(db: TenantDb, id: string): Promise<Expenditure> {
  const [row] = await selectRows(db).where(notDeleted(eq(expenditures.id, id)));
  if (!row) throw notFound('expenditure');
  return toExpenditure(row);
}

/** The receipt's file of an expenditure the caller may read. */
export async function receiptOf(db: TenantDb, id: string) {
  const [row] = await db
    .select({
      key: expenditures.receiptKey,
      name: expenditures.receiptName,
      type: expenditures.receiptType,
    })
    .from(expenditures)
    .where(notDeleted(eq(expenditures.id, id)));
  if (!row?.key || !row.name || !row.type) throw notFound('receipt');
  return { key: row.key, fileName: row.name, contentType: row.type };
}

export async function listCategories(
  db: TenantDb,
  q: { includeInactive?: boolean | undefined },
): Promise<{ items: ExpenditureCategory[] }> {
  const items = await db
    .select({ id: expenditureCategories.id, name: expenditureCategories.name, active: expenditureCategories.active })
    .from(expenditureCategories)
    .where(q.includeInactive ? undefined : eq(expenditureCategories.active, true))
    .orderBy(asc(sql`lower(${expenditureCategories.name})`), asc(expenditureCategories.id));
  return { items };
}
