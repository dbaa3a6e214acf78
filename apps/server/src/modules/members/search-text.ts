import { searchTextOf } from '@gym/contract/search';
import { and, eq, ne, sql } from 'drizzle-orm';
import { cards, members } from '../../db/schema/index.ts';
import { memberRefColumns } from '../../lib/member-name.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

/**
 * Recomputes a member's search text from the row and the numbers of the cards they hold (active
 * or lost: a lost card still names its holder). Call it in the transaction of every change to
 * names, phone, e-mail, code or cards. Erased members are searchable by code only.
 */
export async function refreshSearchText(db: TenantDb, memberId: string): Promise<void> {
  // By id, wherever the member's home centre is (a merge or a card of a member the caller reached).
  const [m] = await db.wholeOrganisation
    .select({
      ...memberRefColumns,
      phone: members.phone,
      email: members.email,
      erasedAt: members.erasedAt,
      // Card numbers are letters and digits only, so a comma joins them safely (arrays come back differently per driver).
      cardNumbers: sql<
        string | null
      >`(select string_agg(c.number, ',' order by c.attached_at) from ${cards} c where c.member_id = ${memberId} and c.status <> 'detached')`,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!m) return;
  const searchText = m.erasedAt
    ? erasedSearchText(m.code)
    : searchTextOf({ ...m, cardNumbers: m.cardNumbers?.split(',') ?? [] });
  await db.wholeOrganisation
    .update(members)
    .set({ searchText })
    .where(and(eq(members.id, memberId), ne(members.searchText, searchText)));
}

export function erasedSearchText(code: string): string {
  return searchTextOf({ code, firstName: '', lastName: '' });
}

/** Digits of a phone number, as stored in `phone_digits` and compared for duplicates. */
export const phoneDigits = (phone: string | null | undefined) => (phone ? phone.replace(/\D/g, '') || null : null);
