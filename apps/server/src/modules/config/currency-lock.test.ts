/**
 * The organisation's currency is fixed once it holds money (decision: one currency per organisation).
 * Every table with an amount (a `bigint` column: the database's money) must be looked at before the
 * currency changes, or come only with an invoice, which is: a table added later with prices of its
 * own fails here until it is listed.
 */
import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { MONEY_HOLDERS, MONEY_WITH_INVOICES } from './update-system-config.ts';

describe('what fixes the currency', () => {
  it('every table with an amount is checked before the currency changes, or comes with an invoice', () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => isTable(v));
    const withAmounts = tables
      .filter((t) => Object.values(getTableColumns(t)).some((c) => c.columnType === 'PgBigInt53'))
      .map((t) => getTableName(t));
    expect(withAmounts.length).toBeGreaterThan(10);
    const covered = new Set<string>(
      [...MONEY_HOLDERS.map((h) => h.table), ...MONEY_WITH_INVOICES].map((t) => getTableName(t)),
    );
    expect(withAmounts.filter((name) => !covered.has(name))).toEqual([]);
  });
});
