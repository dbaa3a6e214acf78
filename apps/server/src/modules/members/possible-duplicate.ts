import { and, asc, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import type { MemberRow } from './member-detail.ts';

/**
 * A registration from the public page whose phone or e-mail another member of the organisation
 * already has: the new record is linked to the oldest such member as a possible duplicate (the list
 * shows a badge, the file an alert linking to the other record), so staff check and merge. The
 * public page itself says nothing (it must not reveal who is a member). Call in the registration's
 * transaction; returns the linked member's id, or null.
 */
export async function linkPossibleDuplicate(tx: DbOrTx, member: MemberRow): Promise<string | null> {
  const conditions: SQL[] = [];
  if (member.phoneDigits) conditions.push(eq(members.phoneDigits, member.phoneDigits));
  if (member.email) conditions.push(eq(members.email, member.email));
  if (conditions.length === 0) return null;
  const [first] = await tx
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
  await tx.update(members).set({ possibleDuplicateOf: first.id }).where(eq(members.id, member.id));
  return first.id;
}
