/**
 * Drizzle's query builders, wrapped so that every table they name is scoped to the caller: the
 * table a statement reads, changes or removes gets the caller's condition in its WHERE (ANDed with
 * the statement's own), each joined table gets its organisation's in its ON, and every inserted
 * row gets the caller's organisation. The wrappers keep drizzle's types (a wrapped builder is the
 * builder), so a statement reads as drizzle's own, and no statement written through them can leave
 * the organisation out. `lib/tenant-db.ts` hands them out.
 */
import { and, is, type SQL, Table } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The condition `table` is scoped by: `statement` for the table a statement is about (the caller's
 * organisation and, for a centre-bound table, their centres, as the scoped database was made),
 * `join` for a table joined to it (its organisation). Throws for a table no organisation owns.
 */
export type TableScope = (table: PgTable, reach: 'statement' | 'join') => SQL;

const JOINS = new Set([
  'leftJoin',
  'leftJoinLateral',
  'innerJoin',
  'innerJoinLateral',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'crossJoinLateral',
]);

/** Whether `value` is a table (or an alias of one) rather than a subquery or a piece of SQL. */
export const isTable = (value: unknown): value is PgTable => is(value, Table);

type Fields = Record<string, unknown>;
type Condition = SQL | undefined | ((fields: Fields) => SQL | undefined);
type Method = (...args: unknown[]) => unknown;
type Builder = Record<string, Method>;

/**
 * A proxy of `builder` in which every method that answers the builder itself (drizzle's builders
 * answer `this`) answers the proxy, so that a chain stays wrapped, and where `own(name, self)` may
 * replace a method. Anything else (execution, `then`, `toSQL`) is the builder's own.
 */
function wrap<B extends object>(builder: B, own: (name: string, self: B) => Method | undefined): B {
  const self: B = new Proxy(builder, {
    get(target, prop) {
      if (typeof prop === 'string') {
        const replaced = own(prop, self);
        if (replaced) return replaced;
      }
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as Method).apply(target, args);
        return result === target ? self : result;
      };
    },
  });
  return self;
}

/** `condition` ANDed with `scope`, in the same form (a value, or drizzle's callback of the fields). */
function withScope(scope: SQL, condition: Condition): SQL | ((fields: Fields) => SQL | undefined) {
  if (typeof condition === 'function') return (fields: Fields) => and(scope, condition(fields));
  return and(scope, condition)!;
}

/** A query after its `from`: its WHERE always carries `scope`, its joined tables their own. */
function scopedQuery<Q extends object>(query: Q, scope: SQL | undefined, scopeOf: TableScope): Q {
  const q = query as unknown as Builder;
  if (scope) q.where!(scope);
  return wrap(query, (name, self) => {
    if (name === 'where' && scope) {
      return (condition: unknown) => {
        q.where!(withScope(scope, condition as Condition));
        return self;
      };
    }
    if (!JOINS.has(name)) return undefined;
    return (joined: unknown, on?: unknown) => {
      const join = q[name]!;
      if (!isTable(joined)) {
        join.call(query, joined, on);
        return self;
      }
      if (name.startsWith('cross')) {
        throw new Error(`A cross join of ${tableNameOf(joined)} cannot carry its scope: join it on a condition`);
      }
      join.call(query, joined, withScope(scopeOf(joined, 'join'), on as Condition));
      return self;
    };
  });
}

/**
 * `select` (drizzle's `db.select` or `selectDistinct`, bound) whose `from` scopes its table. A
 * subquery in `from` was built through a scoped builder itself; only tables are scoped here.
 */
export function scopedSelect<S extends (...args: never[]) => object>(select: S, scopeOf: TableScope): S {
  return ((...fields: never[]) => {
    const start = select(...fields) as unknown as Builder;
    return wrap(start, (name) => {
      if (name !== 'from') return undefined;
      return (source: unknown) =>
        scopedQuery(start.from!(source) as object, isTable(source) ? scopeOf(source, 'statement') : undefined, scopeOf);
    });
  }) as unknown as S;
}

/** drizzle's `db.update(table)` (bound), its WHERE always carrying the table's scope. */
export function scopedUpdate<U extends (table: never) => object>(update: U, scopeOf: TableScope): U {
  return ((table: PgTable) => {
    const scope = scopeOf(table, 'statement');
    const start = (update as unknown as (t: PgTable) => Builder)(table);
    return wrap(start, (name) => {
      if (name !== 'set') return undefined;
      return (values: unknown) => {
        // The organisation of a row is never changed.
        const set = { ...(values as Record<string, unknown>) };
        if ('organisationId' in set) delete set.organisationId;
        return scopedQuery(start.set!(set) as object, scope, scopeOf);
      };
    });
  }) as unknown as U;
}

/** drizzle's `db.delete(table)` (bound), its WHERE always carrying the table's scope. */
export function scopedDelete<D extends (table: never) => object>(remove: D, scopeOf: TableScope): D {
  return ((table: PgTable) =>
    scopedQuery(
      (remove as unknown as (t: PgTable) => object)(table),
      scopeOf(table, 'statement'),
      scopeOf,
    )) as unknown as D;
}

/** drizzle's `db.insert(table)` (bound), every row given the caller's organisation. */
export function scopedInsert<I extends (table: never) => object>(
  insert: I,
  organisationOf: (table: PgTable) => { key: 'organisationId' | 'id'; value: string },
): I {
  return ((table: PgTable) => {
    const stamp = organisationOf(table);
    const start = (insert as unknown as (t: PgTable) => Builder)(table);
    return wrap(start, (name) => {
      if (name !== 'values') return undefined;
      return (values: unknown) => {
        const rows = (Array.isArray(values) ? values : [values]).map((v) => ({
          ...(v as Record<string, unknown>),
          [stamp.key]: stamp.value,
        }));
        return start.values!(Array.isArray(values) ? rows : rows[0]);
      };
    });
  }) as unknown as I;
}

/** The table's name as the statement names it (an alias's own), for messages. */
export const tableNameOf = (table: PgTable): string =>
  (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] ?? 'a table';

/** The table's own name (an alias answers the table it aliases). */
export const baseNameOf = (table: PgTable): string =>
  (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:BaseName')] ?? tableNameOf(table);

/** The column of `table` (or of its alias) under the property `key`, if it has one. */
export const columnOf = (table: PgTable, key: string): PgColumn | undefined =>
  (table as unknown as Record<string, PgColumn | undefined>)[key];
