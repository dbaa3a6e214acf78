import { and, asc, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import { members } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import type { MemberRow } from './member-detail.ts';

/**
 * A registration from the public page whose phone or e-mail another member of the organisation
 * already has: the new record is linked to the oldest such member as a possible duplicate (the list
 * shows a badge, the file an alert linking to the other record), so staff check and merge. The
 * public page itself says nothing (it must not reveal who is a member). Call in the registration's
 * transaction; returns the linked member's id, or null.
 */
export async function linkPossibleDuplicate(db: TenantDb, member: MemberRow): Promise<string | null> {
  const conditions: SQL[] = [];
  if (member.phoneDigits) conditions.push(eq(members.phoneDigits, member.phoneDigits));
  if (member.email) conditions.push(eq(members.email, member.email));
  if (conditions.length === 0) return null;
  // Over the whole organisation: one person, one record in the chain.
  const [first] = await db.wholeOrganisation
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.organisationId, member.organisationId),
        ne(members.id, member.id),
        isNull(members.erasedAt),
        isNull(members.mergedInto),
        or(...conditions),
      ),
    )
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(1);
  if (!first) return null;
  await db.wholeOrganisation.update(members, { possibleDuplicateOf: first.id }, eq(members.id, member.id));
  return first.id;
}
