import { eq } from 'drizzle-orm';
import { memberGroups } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/** The group's row, locked until the transaction ends (404 when the caller has no such group). */
export async function lockGroup(db: TenantDb, id: string) {
  const [row] = await db.lock(memberGroups, eq(memberGroups.id, id));
  if (!row) throw notFound('group');
  return row;
}

const nameTaken = () => conflict('name_taken', 'A group with this name already exists', 'name');

/** Runs a write that may hit the case-insensitive unique name index and says so in the one error shape. */
export async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'member_groups_org_name')) throw nameTaken();
    throw err;
  }
}
