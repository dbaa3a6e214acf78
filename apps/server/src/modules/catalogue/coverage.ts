import { CATALOGUE_CODES } from '@gym/contract/catalogue';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { centers } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

/** Where an item may be sold and used. */
export interface Coverage {
  allCenters: boolean;
  centerIds: string[];
}

export const uuidArray = (ids: readonly string[]): SQL =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;

/**
 * Items a caller sees: every item of the organisation for staff of every centre; for staff limited
 * to some centres, the items that cover every centre or at least one of theirs.
 */
export function coveredFor(auth: Scope, columns: { allCenters: PgColumn; centerIds: PgColumn }): SQL | undefined {
  if (auth.centerIds === null) return undefined;
  if (auth.centerIds.length === 0) return sql`false`;
  return sql`(${columns.allCenters} or ${columns.centerIds} && ${uuidArray(auth.centerIds)})`;
}

/** Items that may be sold at `centerId` (the list's centre filter). */
export const coversCentre = (columns: { allCenters: PgColumn; centerIds: PgColumn }, centerId: string): SQL =>
  sql`(${columns.allCenters} or ${centerId}::uuid = any(${columns.centerIds}))`;

/** The organisation's centres by id, for the answers' centre names. */
export async function centreNames(
  db: TenantDb,
  ids?: readonly string[],
): Promise<Map<string, { id: string; code: string; name: string }>> {
  if (ids && ids.length === 0) return new Map();
  // Every centre of the organisation, also those the caller does not work in.
  const rows = await db.wholeOrganisation
    .select({ id: centers.id, code: centers.code, name: centers.name })
    .from(centers)
    .where(ids ? inArray(centers.id, [...ids]) : undefined)
    .orderBy(asc(centers.code));
  return new Map(rows.map((c) => [c.id, c]));
}

/**
 * The coverage a write asks for, checked and normalised: listed centres must be the organisation's
 * and the caller's (404 naming `centerIds` otherwise) and open, unless an item already covered a
 * now closed one (`keep`); a caller limited to some centres may not write an every-centre item. The
 * list is kept empty when the item covers every centre.
 */
export async function checkCoverage(db: TenantDb, wanted: Coverage, keep: readonly string[] = []): Promise<Coverage> {
  if (wanted.allCenters) {
    if (db.auth.centerIds !== null) {
      const message = 'Only staff of every centre may offer an item in every centre';
      throw new AppError(422, 'business_rule', message, [
        { path: 'allCenters', code: CATALOGUE_CODES.allCentersNeedsEveryCentre, message },
      ]);
    }
    return { allCenters: true, centerIds: [] };
  }
  const ids = [...new Set(wanted.centerIds)];
  if (ids.length === 0) {
    const message = 'Choose at least one centre, or every centre';
    throw new AppError(400, 'validation_failed', message, [
      { path: 'centerIds', code: CATALOGUE_CODES.centersRequired, message },
    ]);
  }
  for (const id of ids) await db.usableCenter(id, 'centerIds', !keep.includes(id));
  return { allCenters: false, centerIds: ids };
}

/**
 * The coverage a change asks for (`checkCoverage`), with what the change leaves out taken from the
 * item as it is; nothing when the change names no coverage.
 */
export async function changedCoverage(
  db: TenantDb,
  { current, allCenters, centerIds }: { current: Coverage; allCenters?: boolean; centerIds?: string[] },
): Promise<Partial<Coverage>> {
  if (allCenters === undefined && centerIds === undefined) return {};
  const wanted = { allCenters: allCenters ?? current.allCenters, centerIds: centerIds ?? current.centerIds };
  return checkCoverage(db, wanted, current.centerIds);
}

/**
 * A caller limited to some centres changes only items that stay within their centres: an item of
 * every centre, or one also sold in a centre they do not work in, is not theirs to change.
 */
export function assertWithinCaller(auth: Scope, current: Coverage): void {
  if (auth.centerIds === null) return;
  if (current.allCenters || current.centerIds.some((id) => !auth.centerIds!.includes(id))) throw forbidden();
}
