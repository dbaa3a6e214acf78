import { type SQL, sql } from 'drizzle-orm';
import { creditPackages, membershipPlans, shortCourses } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

type NamedTable = typeof membershipPlans | typeof creditPackages | typeof shortCourses;

/** The unique index on each table's name and what it covers (plans and packages: the organisation; courses: the centre). */
const NAME_INDEX = new Map<NamedTable, { index: string; what: string; where: string }>([
  [membershipPlans, { index: 'membership_plans_org_name', what: 'membership plan', where: 'organisation' }],
  [creditPackages, { index: 'credit_packages_org_name', what: 'package', where: 'organisation' }],
  [shortCourses, { index: 'short_courses_center_name', what: 'short course', where: 'centre' }],
]);

/**
 * Runs a write that may take a name already used, inside a savepoint: the unique index (whatever
 * the case, deactivated items included) refuses it, only the write rolls back, and the answer is
 * 409 `name_taken` on `name`, naming the existing item so the screen can offer it.
 */
export async function withUniqueName<T>(
  ctx: UseCaseContext,
  {
    table,
    name,
    sameScope,
    write,
  }: {
    table: NamedTable;
    name: string | undefined;
    sameScope?: SQL | undefined;
    write: (db: TenantDb) => Promise<T>;
  },
): Promise<T> {
  const meta = NAME_INDEX.get(table)!;
  try {
    return await ctx.db.savepoint(write);
  } catch (err) {
    if (!isUniqueViolation(err, meta.index) || name === undefined) throw err;
    const existing = await ctx.db.first(
      table,
      sql`lower(${table.name}) = lower(${name}) and ${sameScope ?? sql`true`}`,
    );
    const message = `This ${meta.where} already has a ${meta.what} with this name`;
    throw conflict('name_taken', message, 'name', existing ? { id: existing.id, active: existing.active } : undefined);
  }
}
