import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  cardLinkTokens,
  centers,
  classes,
  classSeries,
  entries,
  expenditures,
  goals,
  invoices,
  members,
  payLinks,
  paymentOrders,
  paymentReminders,
  payments,
  productStock,
  ptSessions,
  readerScans,
  readers,
  rooms,
  shortCourses,
  signatureRequests,
  signedDocuments,
  staffAttendance,
  stockMovements,
  trainerHours,
} from '../db/schema/index.ts';
import type { AuthContext } from './access.ts';
import { AppError, notFoundAt } from './errors.ts';
import { scoped } from './scope.ts';
import {
  baseNameOf,
  columnOf,
  scopedDelete,
  scopedInsert,
  scopedSelect,
  scopedUpdate,
  type TableScope,
  tableNameOf,
} from './scoped-builders.ts';

/** A table that belongs to an organisation. */
export type TenantTable = PgTable & { organisationId: PgColumn };

/**
 * The column naming the centre a row belongs to, for the tables whose rows belong to one centre:
 * a caller limited to some centres sees only those rows. Add new centre-bound tables here.
 */
const CENTRE_COLUMN = new Map<PgTable, PgColumn>([
  [centers, centers.id],
  [members, members.homeCenterId],
  [rooms, rooms.centerId],
  [readers, readers.centerId],
  [readerScans, readerScans.centerId],
  [cardLinkTokens, cardLinkTokens.centerId],
  [invoices, invoices.centerId],
  [payments, payments.centerId],
  [payLinks, payLinks.centerId],
  [paymentOrders, paymentOrders.centerId],
  [paymentReminders, paymentReminders.centerId],
  [shortCourses, shortCourses.centerId],
  [expenditures, expenditures.centerId],
  [goals, goals.centerId],
  [productStock, productStock.centerId],
  [stockMovements, stockMovements.centerId],
  [entries, entries.centerId],
  [staffAttendance, staffAttendance.centerId],
  [classes, classes.centerId],
  [classSeries, classSeries.centerId],
  [ptSessions, ptSessions.centerId],
  [trainerHours, trainerHours.centerId],
  [signatureRequests, signatureRequests.centerId],
  [signedDocuments, signedDocuments.centerId],
]);

/** Whether a centre-limited caller sees only the rows of `table` at their centres. */
export const isCentreBound = (table: PgTable) => CENTRE_COLUMN.has(table);

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

/** The organisation (and allowed-centre) condition of `table` for this caller, and'ed with `more`. */
export function scopeOf(auth: Scope, table: TenantTable, ...more: (SQL | undefined)[]): SQL {
  return scoped(auth, { organisationId: table.organisationId, centerId: CENTRE_COLUMN.get(table) }, ...more);
}

/**
 * The organisation condition of `table` alone, without the caller's centre limit, and'ed with
 * `more`: for rules that hold over the whole organisation (a code unique in it, the last open
 * centre, a member code taken in another centre). Never for what the caller is shown.
 */
export function organisationScopeOf(auth: Scope, table: TenantTable, ...more: (SQL | undefined)[]): SQL {
  return scoped(auth, { organisationId: table.organisationId }, ...more);
}

/** The one answer for a centre the caller may not use: it does not exist for them. */
export const centreNotFound = (path: string) => notFoundAt(path, 'Centre');

/**
 * The centre rule, in one place: a centre of the caller's organisation that the caller works in
 * (404 otherwise, naming `path`: what the caller may not see does not exist for them) and, unless
 * `openOnly` is false, open (422 `center_inactive`).
 */
export async function usableCenter(db: DbOrTx, auth: Scope, centerId: string, path = 'centerId', openOnly = true) {
  const [center] = await db
    .select()
    .from(centers)
    .where(scopeOf(auth, centers, eq(centers.id, centerId)));
  return checkUsableCenter(center, path, openOnly);
}

/** The centre rule on a centre row read with the caller's scope (undefined: not theirs, or none). */
export function checkUsableCenter<C extends { active: boolean }>(
  center: C | undefined,
  path = 'centerId',
  openOnly = true,
): C {
  if (!center) throw centreNotFound(path);
  if (openOnly && !center.active) {
    throw new AppError(422, 'business_rule', 'This centre is closed', [
      { path, code: 'center_inactive', message: 'This centre is closed' },
    ]);
  }
  return center;
}

/** Whether the caller works in `centerId` (a centre of their organisation is assumed). */
export const worksIn = (auth: Scope, centerId: string) => auth.centerIds === null || auth.centerIds.includes(centerId);

/**
 * The caller's way to reach tenant data. Its builders are drizzle's (`select().from(t)`,
 * `update(t).set(...)`, `delete(t)`, `insert(t).values(...)`, joins, `for('update')`), scoped by
 * construction: the table a statement is about is limited to the caller's organisation and, for
 * centre-bound tables, their centres (`wholeOrganisation`: the organisation alone), every joined
 * table to the organisation, and inserted rows take the caller's organisation. A table no
 * organisation owns cannot be named; what must not be scoped says why: `unscoped('reason')`.
 */
export interface TenantDb {
  readonly auth: Scope;
  /** drizzle's `select`, scoped (see above). */
  select: Tx['select'];
  /** drizzle's `selectDistinct`, scoped. */
  selectDistinct: Tx['selectDistinct'];
  /** drizzle's `update(table)` (its WHERE scoped; the organisation is never set), or the rows changed by `set` where `condition`. */
  update: Tx['update'] &
    (<T extends TenantTable>(
      table: T,
      set: Partial<T['$inferInsert']>,
      condition: SQL,
    ) => Promise<T['$inferSelect'][]>);
  /** drizzle's `delete(table)` (its WHERE scoped), or the rows removed where `condition`. */
  delete: Tx['delete'] & (<T extends TenantTable>(table: T, condition: SQL) => Promise<T['$inferSelect'][]>);
  /** drizzle's `insert(table)` (each row of the caller's organisation), or the rows inserted from `values`. */
  insert: Tx['insert'] &
    (<T extends TenantTable>(
      table: T,
      values: Omit<T['$inferInsert'], 'organisationId'> | Omit<T['$inferInsert'], 'organisationId'>[],
    ) => Promise<T['$inferSelect'][]>);
  /** The same database for rules over the whole organisation (a code unique in it, the last open centre): statements ignore the caller's centre limit. Never for what the caller is shown. */
  readonly wholeOrganisation: TenantDb;
  /** The scope condition of `table` (and `more`), for conditions written by hand (a subquery's). */
  where(table: TenantTable, ...more: (SQL | undefined)[]): SQL;
  /** The organisation condition alone (see `organisationScopeOf`): rules over the whole organisation. */
  whereOrganisation(table: TenantTable, ...more: (SQL | undefined)[]): SQL;
  /** Rows of `table` this caller may see, matching `condition`. */
  rows<T extends TenantTable>(table: T, condition?: SQL): Promise<T['$inferSelect'][]>;
  /** One row of `table` this caller may see, or undefined. */
  first<T extends TenantTable>(table: T, condition?: SQL): Promise<T['$inferSelect'] | undefined>;
  /** The rows of `table` this caller may see matching `condition`, locked (`FOR UPDATE`) until the transaction ends. */
  lock<T extends TenantTable>(table: T, condition: SQL): Promise<T['$inferSelect'][]>;
  /** How many rows of `table` this caller may see match `condition`. */
  count(table: TenantTable, condition?: SQL): Promise<number>;
  /** Runs `fn` in a savepoint: its statements are undone if it throws, the transaction goes on. */
  savepoint<T>(fn: (db: TenantDb) => Promise<T>): Promise<T>;
  /** The centre rule (see `usableCenter`). */
  usableCenter(centerId: string, path?: string, openOnly?: boolean): ReturnType<typeof usableCenter>;
  /** The raw handle, for a statement scoped by hand or not tenant-bound; `reason` documents why. */
  unscoped(reason: string): DbOrTx;
}

/** The properties of the centre column of each centre-bound table, by the table's name (aliases included). */
const CENTRE_KEY = new Map<string, string>(
  [...CENTRE_COLUMN].map(([table, column]) => {
    const key = Object.entries(table).find(([, value]) => value === column)?.[0];
    if (!key) throw new Error(`the centre column of ${tableNameOf(table)} is not one of its columns`);
    return [baseNameOf(table), key];
  }),
);

/** How a scoped database scopes each table it is given (see `TableScope`). */
function tableScope(auth: Scope, centreLimited: boolean): TableScope {
  return (table, reach) => {
    const name = baseNameOf(table);
    if (name === 'organisations') return eq(columnOf(table, 'id')!, auth.organisationId);
    const organisationId = columnOf(table, 'organisationId');
    if (!organisationId) {
      throw new Error(`${tableNameOf(table)} belongs to no organisation: reach it through unscoped(reason)`);
    }
    const centreKey = reach === 'statement' && centreLimited ? CENTRE_KEY.get(name) : undefined;
    return scoped(auth, { organisationId, centerId: centreKey ? columnOf(table, centreKey) : undefined });
  };
}

export function tenantDb(db: DbOrTx, auth: Scope, centreLimited = true): TenantDb {
  const where = (table: TenantTable, ...more: (SQL | undefined)[]) =>
    centreLimited ? scopeOf(auth, table, ...more) : organisationScopeOf(auth, table, ...more);
  const scope = tableScope(auth, centreLimited);
  const select = scopedSelect(db.select.bind(db), scope);
  const update = scopedUpdate(db.update.bind(db), scope);
  const remove = scopedDelete(db.delete.bind(db), scope);
  const insert = scopedInsert(db.insert.bind(db), (table) => {
    if (!columnOf(table, 'organisationId')) {
      throw new Error(`${tableNameOf(table)} belongs to no organisation: reach it through unscoped(reason)`);
    }
    return { key: 'organisationId', value: auth.organisationId };
  });
  // drizzle's builders are generic over the table; the casts keep this wrapper small.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const any = (f: unknown) => f as any;
  let whole: TenantDb | undefined;
  const scopedDb: TenantDb = {
    auth,
    select,
    selectDistinct: scopedSelect(db.selectDistinct.bind(db), scope),
    update: any((table: TenantTable, ...rest: [object?, SQL?]) => {
      const builder = any(update)(table);
      return rest.length === 0 ? builder : builder.set(rest[0]).where(rest[1]).returning();
    }),
    delete: any((table: TenantTable, ...rest: [SQL?]) => {
      const builder = any(remove)(table);
      return rest.length === 0 ? builder : builder.where(rest[0]).returning();
    }),
    insert: any((table: TenantTable, ...rest: [object?]) => {
      const builder = any(insert)(table);
      return rest.length === 0 ? builder : builder.values(rest[0]).returning();
    }),
    get wholeOrganisation() {
      whole ??= centreLimited ? tenantDb(db, auth, false) : scopedDb;
      return whole;
    },
    where,
    whereOrganisation: (table, ...more) => organisationScopeOf(auth, table, ...more),
    rows: (table, condition) => any(select)().from(table).where(condition),
    first: async (table, condition) => (await any(select)().from(table).where(condition).limit(1))[0],
    lock: (table, condition) => any(select)().from(table).where(condition).for('update'),
    count: async (table, condition) => db.$count(table, where(table, condition)),
    savepoint: (fn) => db.transaction((inner) => fn(tenantDb(inner, auth, centreLimited))),
    usableCenter: (centerId, path, openOnly) => usableCenter(db, auth, centerId, path, openOnly),
    unscoped: (_reason) => db,
  };
  return scopedDb;
}
