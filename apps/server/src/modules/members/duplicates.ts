import type { DuplicateMember } from '@gym/contract/members';
import { formatMemberName } from '@gym/contract/names';
import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import { members } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

type Match = { phoneDigits?: string | null; email?: string | null; excludeId?: string };

const initials = (first: string, last: string) => `${first.slice(0, 1)}. ${last.slice(0, 1)}.`;

/**
 * Members of the organisation who share the phone digits or the e-mail. The check spans every
 * centre (one person, one record in the chain); members of centres the caller may not see are
 * named by code and initials only, so a centre-limited desk learns that a record exists, not whose.
 */
export async function findDuplicates(db: TenantDb, match: Match): Promise<DuplicateMember[]> {
  const { auth } = db;
  const conditions: SQL[] = [];
  if (match.phoneDigits) conditions.push(eq(members.phoneDigits, match.phoneDigits));
  if (match.email) conditions.push(eq(members.email, match.email));
  if (conditions.length === 0) return [];
  const rows = await db.wholeOrganisation
    .select({
      id: members.id,
      code: members.code,
      firstName: members.firstName,
      lastName: members.lastName,
      phone: members.phone,
      phoneDigits: members.phoneDigits,
      email: members.email,
      homeCenterId: members.homeCenterId,
    })
    .from(members)
    .where(
      and(
        isNull(members.erasedAt),
        isNull(members.mergedInto),
        match.excludeId ? ne(members.id, match.excludeId) : undefined,
        or(...conditions),
      ),
    )
    .limit(10);
  return rows.map((r) => {
    const visible = auth.centerIds === null || auth.centerIds.includes(r.homeCenterId);
    const matchedOn: DuplicateMember['matchedOn'] = [];
    if (match.phoneDigits && r.phoneDigits === match.phoneDigits) matchedOn.push('phone');
    if (match.email && r.email === match.email) matchedOn.push('email');
    return {
      id: r.id,
      code: r.code,
      name: visible ? formatMemberName(r) : initials(r.firstName, r.lastName),
      phone: visible ? r.phone : null,
      email: visible ? r.email : null,
      matchedOn,
    };
  });
}

/** 409 `duplicate_member` unless staff confirmed this is a different person (families share phones). */
export async function refuseDuplicates(
  db: TenantDb,
  { match, confirmed }: { match: Match; confirmed: boolean },
): Promise<void> {
  if (confirmed) return;
  const duplicates = await findDuplicates(db, match);
  if (duplicates.length === 0) return;
  const fields = [
    ...(duplicates.some((d) => d.matchedOn.includes('phone'))
      ? [{ path: 'phone', code: 'duplicate_member', message: 'Another member has this phone number' }]
      : []),
    ...(duplicates.some((d) => d.matchedOn.includes('email'))
      ? [{ path: 'email', code: 'duplicate_member', message: 'Another member has this e-mail' }]
      : []),
  ];
  throw new AppError(
    409,
    'duplicate_member',
    'A member with the same phone or e-mail already exists',
    fields,
    undefined,
    { duplicates },
  );
}
