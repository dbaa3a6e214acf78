/**
 * The money reports: payment methods, transactions, monthly sales and centre sales. All four read
 * the same rows (payments and refunds, each on its centre's business date `paid_on`) under the same
 * conditions (`moneyTaken`), so their `amountMinor` totals are the same net money to the cent.
 */
import { and, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import { centers, invoices, members, payments, users } from '../../db/schema/index.ts';
import { can } from '../../lib/access.ts';
import type { KeyColumn } from '../../lib/long-read.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { col, type ReportSpec, type ResolvedFilters } from './engine.ts';
import { memberName, signedAmount } from './sources.ts';

/** The payments and refunds a money report counts: the range, centre, method and staff filters. */
export function moneyTaken(f: ResolvedFilters, ...more: (SQL | undefined)[]): SQL {
  return and(
    gte(payments.paidOn, f.from),
    lte(payments.paidOn, f.to),
    f.centerId ? eq(payments.centerId, f.centerId) : undefined,
    f.method ? eq(payments.method, f.method) : undefined,
    f.staffId ? eq(payments.staffId, f.staffId) : undefined,
    ...more,
  )!;
}

const paid = sql`coalesce(sum(${payments.amountMinor}) filter (where ${payments.kind} = 'payment'), 0)`;
const refunded = sql`coalesce(sum(${payments.amountMinor}) filter (where ${payments.kind} = 'refund'), 0)`;
const net = sql`coalesce(sum(${signedAmount}), 0)`;
const month = (date: SQL | typeof payments.paidOn | typeof invoices.issuedOn) =>
  sql<string>`to_char(${date}, 'YYYY-MM')`;

/** The last day of a month `YYYY-MM`, as a business date. */
const monthEnd = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${m}-${String(last).padStart(2, '0')}`;
};

const readMoney = can('read', 'Report');
/** Every money report's key is text: a method, a month, a centre's id, a transaction's date and id. */
const TEXT_KEY: KeyColumn['cast'] = 'text';
const MONEY_FILTERS = ['centerId', 'from', 'to', 'method', 'staffId'] as const;

export const paymentMethodReport: ReportSpec = {
  code: 'paymentMethod',
  title: { en: 'Payment methods', zh: '付款方式' },
  access: readMoney,
  keyCast: TEXT_KEY,
  accepts: [...MONEY_FILTERS],
  columns: () => [
    col('method', 'text'),
    col('payments', 'count', { drill: 'payments' }),
    col('paidMinor', 'money', { drill: 'payments' }),
    col('refunds', 'count', { drill: 'payments' }),
    col('refundedMinor', 'money', { drill: 'payments' }),
    col('amountMinor', 'money', { drill: 'payments' }),
  ],
  chart: { type: 'pie', x: 'method', series: ['amountMinor'] },
  defaultSort: '-amountMinor',
  query: (db: TenantDb, f) =>
    db
      .select({
        key: sql<string>`${payments.method}`.as('key'),
        method: sql<string>`${payments.method}`.as('method'),
        payments: sql`count(*) filter (where ${payments.kind} = 'payment')`.as('payments'),
        paidMinor: sql`${paid}`.as('paidMinor'),
        refunds: sql`count(*) filter (where ${payments.kind} = 'refund')`.as('refunds'),
        refundedMinor: sql`${refunded}`.as('refundedMinor'),
        amountMinor: sql`${net}`.as('amountMinor'),
      })
      .from(payments)
      .where(moneyTaken(f))
      .groupBy(payments.method),
  drill: (f, column, row) => ({
    source: 'payments',
    where: moneyTaken(f, row === undefined ? undefined : eq(payments.method, row), kindOf(column)),
  }),
};

/** A column of payments alone, of refunds alone, or of both. */
function kindOf(column: string): SQL | undefined {
  if (column === 'payments' || column === 'paidMinor') return eq(payments.kind, 'payment');
  if (column === 'refunds' || column === 'refundedMinor') return eq(payments.kind, 'refund');
  return undefined;
}

/** The key of a transaction row: its date, when it was recorded and its id, in an order that sorts as text. */
const transactionKey = sql<string>`${payments.paidOn}::text || ' ' || to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || ' ' || ${payments.id}::text`;

export const transactionsReport: ReportSpec = {
  code: 'transacion',
  title: { en: 'Transactions', zh: '交易記錄' },
  access: readMoney,
  keyCast: TEXT_KEY,
  accepts: [...MONEY_FILTERS],
  columns: () => [
    col('date', 'date'),
    col('center', 'text'),
    col('invoice', 'text'),
    col('member', 'text'),
    col('kind', 'text'),
    col('method', 'text'),
    col('amountMinor', 'money', { drill: 'payments' }),
    col('staff', 'text'),
    col('reference', 'text', { sortable: false }),
  ],
  chart: null,
  defaultSort: '-date',
  query: (db, f) =>
    db
      .select({
        key: transactionKey.as('key'),
        date: sql<string>`${payments.paidOn}`.as('date'),
        center: sql<string>`${centers.code}`.as('center'),
        invoice: sql<string>`${invoices.number}`.as('invoice'),
        member: sql<string>`${memberName}`.as('member'),
        kind: sql<string>`${payments.kind}`.as('kind'),
        method: sql<string>`${payments.method}`.as('method'),
        amountMinor: sql`${signedAmount}`.as('amountMinor'),
        staff: sql<string | null>`${users.fullName}`.as('staff'),
        reference: sql<string | null>`${payments.reference}`.as('reference'),
      })
      .from(payments)
      .innerJoin(centers, eq(centers.id, payments.centerId))
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(members, eq(members.id, payments.memberId))
      .leftJoin(users, eq(users.id, payments.staffId))
      .where(moneyTaken(f)),
  drill: (f, _column, row) => ({
    source: 'payments',
    where: moneyTaken(f, row === undefined ? undefined : eq(payments.id, row.slice(-36))),
  }),
};

/**
 * Invoices issued in the range (accrual, beside the cash): the same centre and staff filters, voided
 * sales left out. A union with the money rows, so a month or centre with sales and no payment shows.
 */
function issued(f: ResolvedFilters): SQL {
  return and(
    gte(invoices.issuedOn, f.from),
    lte(invoices.issuedOn, f.to),
    ne(invoices.state, 'void'),
    f.centerId ? eq(invoices.centerId, f.centerId) : undefined,
    f.staffId ? eq(invoices.staffId, f.staffId) : undefined,
  )!;
}

/** Money rows and invoice rows of the range, side by side, by `group` (a month, a centre). */
function cashAndSales(db: TenantDb, f: ResolvedFilters, by: 'month' | 'center') {
  const moneyGroup = by === 'month' ? month(payments.paidOn) : sql<string>`${payments.centerId}::text`;
  const salesGroup = by === 'month' ? month(invoices.issuedOn) : sql<string>`${invoices.centerId}::text`;
  const money = db
    .select({
      grp: moneyGroup.as('grp'),
      invoices: sql`0::bigint`.as('invoices'),
      invoicedMinor: sql`0::numeric`.as('invoicedMinor'),
      payments: sql`count(*) filter (where ${payments.kind} = 'payment')`.as('payments'),
      paidMinor: sql`${paid}`.as('paidMinor'),
      refundedMinor: sql`${refunded}`.as('refundedMinor'),
      amountMinor: sql`${net}`.as('amountMinor'),
    })
    .from(payments)
    .where(moneyTaken(f))
    .groupBy(moneyGroup);
  // The method filter is a filter of money: with it, sales are not counted.
  const sales = db
    .select({
      grp: salesGroup.as('grp'),
      invoices: sql`count(*)`.as('invoices'),
      invoicedMinor: sql`coalesce(sum(${invoices.totalMinor}), 0)`.as('invoicedMinor'),
      payments: sql`0::bigint`.as('payments'),
      paidMinor: sql`0::numeric`.as('paidMinor'),
      refundedMinor: sql`0::numeric`.as('refundedMinor'),
      amountMinor: sql`0::numeric`.as('amountMinor'),
    })
    .from(invoices)
    .where(f.method ? sql`false` : issued(f))
    .groupBy(salesGroup);
  return money.unionAll(sales).as('both');
}

const SALES_COLUMNS = [
  col('invoices', 'count', { drill: 'invoice-lines' }),
  col('invoicedMinor', 'money', { drill: 'invoice-lines' }),
  col('payments', 'count', { drill: 'payments' }),
  col('paidMinor', 'money', { drill: 'payments' }),
  col('refundedMinor', 'money', { drill: 'payments' }),
  col('amountMinor', 'money', { drill: 'payments' }),
];

type Both = Record<
  'grp' | 'invoices' | 'invoicedMinor' | 'payments' | 'paidMinor' | 'refundedMinor' | 'amountMinor',
  SQL
>;
const summed = (b: Both) => ({
  invoices: sql`sum(${b.invoices})`.as('invoices'),
  invoicedMinor: sql`sum(${b.invoicedMinor})`.as('invoicedMinor'),
  payments: sql`sum(${b.payments})`.as('payments'),
  paidMinor: sql`sum(${b.paidMinor})`.as('paidMinor'),
  refundedMinor: sql`sum(${b.refundedMinor})`.as('refundedMinor'),
  amountMinor: sql`sum(${b.amountMinor})`.as('amountMinor'),
});

/** The drill of a sales column: invoice lines for the accrual columns, else payments; `within` narrows to the row. */
function salesDrill(f: ResolvedFilters, column: string, within: { money?: SQL; sales?: SQL }) {
  if (column === 'invoices' || column === 'invoicedMinor') {
    return { source: 'invoice-lines' as const, where: f.method ? sql`false` : and(issued(f), within.sales) };
  }
  return { source: 'payments' as const, where: moneyTaken(f, within.money, kindOf(column)) };
}

export const salesMonthlyReport: ReportSpec = {
  code: 'sales-monthly',
  title: { en: 'Monthly sales', zh: '每月銷售' },
  access: readMoney,
  keyCast: TEXT_KEY,
  accepts: [...MONEY_FILTERS],
  columns: () => [col('month', 'month'), ...SALES_COLUMNS],
  chart: { type: 'bar', x: 'month', series: ['invoicedMinor', 'amountMinor'] },
  defaultSort: 'month',
  query: (db, f) => {
    const b = cashAndSales(db, f, 'month') as unknown as Both;
    return db
      .select({ key: sql<string>`${b.grp}`.as('key'), month: sql<string>`${b.grp}`.as('month'), ...summed(b) })
      .from(b as never)
      .groupBy(b.grp);
  },
  drill: (f, column, row) => {
    if (row === undefined) return salesDrill(f, column, {});
    const first = `${row}-01`;
    const last = monthEnd(row);
    return salesDrill(f, column, {
      money: and(gte(payments.paidOn, first), lte(payments.paidOn, last)),
      sales: and(gte(invoices.issuedOn, first), lte(invoices.issuedOn, last)),
    });
  },
};

export const centerSalesReport: ReportSpec = {
  code: 'center-Sales.vue',
  title: { en: 'Centre sales', zh: '分店銷售' },
  access: readMoney,
  keyCast: TEXT_KEY,
  accepts: [...MONEY_FILTERS],
  columns: () => [col('center', 'text'), ...SALES_COLUMNS],
  chart: { type: 'bar', x: 'center', series: ['invoicedMinor', 'amountMinor'] },
  defaultSort: 'center',
  query: (db, f) => {
    const b = cashAndSales(db, f, 'center') as unknown as Both;
    return db
      .select({
        key: sql<string>`${b.grp}`.as('key'),
        center: sql<string>`min(${centers.code})`.as('center'),
        ...summed(b),
      })
      .from(b as never)
      .innerJoin(centers, sql`${centers.id}::text = ${b.grp}`)
      .groupBy(b.grp);
  },
  drill: (f, column, row) =>
    salesDrill(
      f,
      column,
      row === undefined ? {} : { money: eq(payments.centerId, row), sales: eq(invoices.centerId, row) },
    ),
};
