import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import {
  cardLinkTokens,
  centers,
  classes,
  classSeries,
  entries,
  expenditures,
  invoices,
  members,
  payments,
  productStock,
  ptSessions,
  readers,
  rooms,
  shortCourses,
  staffAttendance,
  stockMovements,
  trainerHours,
} from '../db/schema/index.ts';
import type { AuthContext } from './access.ts';
import { AppError } from './errors.ts';
import { scoped } from './scope.ts';

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
  [cardLinkTokens, cardLinkTokens.centerId],
  [invoices, invoices.centerId],
  [payments, payments.centerId],
  [shortCourses, shortCourses.centerId],
  [expenditures, expenditures.centerId],
  [productStock, productStock.centerId],
  [stockMovements, stockMovements.centerId],
  [entries, entries.centerId],
  [staffAttendance, staffAttendance.centerId],
  [classes, classes.centerId],
  [classSeries, classSeries.centerId],
  [ptSessions, ptSessions.centerId],
  [trainerHours, trainerHours.centerId],
]);

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
export const centreNotFound = (path: string) =>
  new AppError(404, 'not_found', 'Centre not found', [{ path, code: 'not_found', message: 'Centre not found' }]);

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
 * The caller's way to reach tenant data: every accessor adds the organisation condition (and the
 * allowed centres for centre-bound tables), and inserts take the organisation from the caller.
 * A query that must not be scoped says why: `unscoped('reason')` answers the raw handle.
 */
export interface TenantDb {
  readonly auth: Scope;
  /** The scope condition of `table` (and `more`), for joins and hand-written queries. */
  where(table: TenantTable, ...more: (SQL | undefined)[]): SQL;
  /** The organisation condition alone (see `organisationScopeOf`): rules over the whole organisation. */
  whereOrganisation(table: TenantTable, ...more: (SQL | undefined)[]): SQL;
  /** Rows of `table` this caller may see, matching `condition`. */
  select<T extends TenantTable>(table: T, condition?: SQL): Promise<T['$inferSelect'][]>;
  /** One row of `table` this caller may see, or undefined. */
  first<T extends TenantTable>(table: T, condition?: SQL): Promise<T['$inferSelect'] | undefined>;
  /** Inserts rows of the caller's organisation (the organisation is set here, not by the caller). */
  insert<T extends TenantTable>(
    table: T,
    values: Omit<T['$inferInsert'], 'organisationId'> | Omit<T['$inferInsert'], 'organisationId'>[],
  ): Promise<T['$inferSelect'][]>;
  /** Updates the rows of `table` this caller may see that match `condition`; answers them. */
  update<T extends TenantTable>(
    table: T,
    set: Partial<T['$inferInsert']>,
    condition: SQL,
  ): Promise<T['$inferSelect'][]>;
  /** Deletes the rows of `table` this caller may see that match `condition`; answers them. */
  delete<T extends TenantTable>(table: T, condition: SQL): Promise<T['$inferSelect'][]>;
  /** The centre rule (see `usableCenter`). */
  usableCenter(centerId: string, path?: string, openOnly?: boolean): ReturnType<typeof usableCenter>;
  /** The raw handle, for a query scoped by hand or not tenant-bound; `reason` documents why. */
  unscoped(reason: string): DbOrTx;
}

export function tenantDb(db: DbOrTx, auth: Scope): TenantDb {
  const where = (table: TenantTable, ...more: (SQL | undefined)[]) => scopeOf(auth, table, ...more);
  // Drizzle's builders are generic over the table; the casts keep this wrapper small.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const raw = db as any;
  return {
    auth,
    where,
    whereOrganisation: (table, ...more) => organisationScopeOf(auth, table, ...more),
    select: (table, condition) => raw.select().from(table).where(where(table, condition)),
    first: async (table, condition) => (await raw.select().from(table).where(where(table, condition)).limit(1))[0],
    insert: (table, values) => {
      const list = (Array.isArray(values) ? values : [values]).map((v) => ({
        ...v,
        organisationId: auth.organisationId,
      }));
      return raw.insert(table).values(list).returning();
    },
    update: (table, set, condition) =>
      raw
        .update(table)
        .set({ ...set, organisationId: undefined })
        .where(where(table, condition))
        .returning(),
    delete: (table, condition) => raw.delete(table).where(where(table, condition)).returning(),
    usableCenter: (centerId, path, openOnly) => usableCenter(db, auth, centerId, path, openOnly),
    unscoped: (_reason) => db,
  };
}
