/** One member as its page shows it: the row, its centre, groups, cards and last visit; and the row locked for a change. */
import { ADULT_AGE, type Card, type Member } from '@gym/contract/members';
import { ageOn, today } from '@gym/contract/time';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { readAll } from '../../db/client.ts';
import { cards, centers, entries, memberGroupMembers, memberGroups, members, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A member's cards, newest first, with the name of the staff member who attached each. */
export async function cardsOf(db: TenantDb, memberId: string): Promise<Card[]> {
  const rows = await db
    .select({ card: cards, attachedBy: users.fullName })
    .from(cards)
    .leftJoin(users, eq(users.id, cards.attachedBy))
    .where(eq(cards.memberId, memberId))
    .orderBy(desc(cards.attachedAt), desc(cards.id));
  return rows.map(({ card, attachedBy }) => cardView(card, attachedBy));
}

export function cardView(card: typeof cards.$inferSelect, attachedBy: string | null = null): Card {
  return {
    id: card.id,
    number: card.number,
    status: card.status as Card['status'],
    attachedAt: card.attachedAt.toISOString(),
    lostAt: iso(card.lostAt),
    detachedAt: iso(card.detachedAt),
    attachedBy,
  };
}

export async function groupsOf(db: TenantDb, memberId: string) {
  return db
    .select({ id: memberGroups.id, name: memberGroups.name, addedAt: memberGroupMembers.addedAt })
    .from(memberGroupMembers)
    .innerJoin(memberGroups, eq(memberGroups.id, memberGroupMembers.groupId))
    .where(eq(memberGroupMembers.memberId, memberId))
    .orderBy(asc(memberGroups.name));
}

export type MemberRow = typeof members.$inferSelect;

/** A minor without guardian details (the rule of `queries.ts` `guardianMissingSql`), for one member whose centre's time zone is known. */
export function isGuardianMissing(m: Pick<MemberRow, 'birthday' | 'guardian'>, timeZone: string): boolean {
  return !m.guardian && !!m.birthday && ageOn(m.birthday, today(timeZone)) < ADULT_AGE;
}

export function memberView(
  m: MemberRow,
  center: { id: string; code: string; name: string; timeZone: string },
  groups: { id: string; name: string }[],
  memberCards: Card[],
): Member {
  return {
    id: m.id,
    code: m.code,
    firstName: m.firstName,
    lastName: m.lastName,
    chineseName: m.chineseName,
    gender: m.gender as Member['gender'],
    birthday: m.birthday,
    phone: m.phone,
    email: m.email,
    address: m.address,
    emergencyContactName: m.emergencyContactName,
    emergencyContactPhone: m.emergencyContactPhone,
    guardian: m.guardian ?? null,
    guardianMissing: isGuardianMissing(m, center.timeZone),
    photo: m.photo,
    homeCenter: { id: center.id, code: center.code, name: center.name },
    source: m.source as Member['source'],
    notes: m.notes,
    marketingConsent: m.marketingConsent,
    language: m.language as Member['language'],
    status: m.status as Member['status'],
    isNew: m.isNew,
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
    cards: memberCards,
    possibleDuplicateOf: m.possibleDuplicateOf,
    mergedInto: m.mergedInto,
    erasedAt: iso(m.erasedAt),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The member with centre, groups and card history, if the caller may see them (404 otherwise). */
export async function getMember(db: TenantDb, id: string): Promise<Member> {
  const [row] = await db
    .select({
      m: members,
      center: { id: centers.id, code: centers.code, name: centers.name, timeZone: centers.timeZone },
    })
    .from(members)
    .innerJoin(centers, eq(centers.id, members.homeCenterId))
    .where(eq(members.id, id));
  if (!row) throw notFound('member');
  // Side by side on the pool; one after the other inside a command's transaction.
  const [groups, memberCards, [visit]] = await readAll(
    db.unscoped('readAll only asks whether this is a transaction'),
    () => groupsOf(db, id),
    () => cardsOf(db, id),
    // The last visit at any centre of the organisation, not only the caller's.
    () =>
      db.wholeOrganisation
        .select({ at: sql<Date | string | null>`max(${entries.tappedAt})` })
        .from(entries)
        .where(and(eq(entries.memberId, id), eq(entries.result, 'granted'))),
  );
  const last = visit?.at ? new Date(visit.at).toISOString() : null;
  return { ...memberView(row.m, row.center, groups, memberCards), lastVisitAt: last };
}

/**
 * The member row locked for a change, if the caller may see it (404 otherwise). Locking the row
 * serialises every change of one member (two cards attached at once, an edit during an erase).
 */
export async function lockMember(db: TenantDb, id: string): Promise<MemberRow> {
  const [row] = await db.lock(members, eq(members.id, id));
  if (!row) throw notFound('member');
  return row;
}
