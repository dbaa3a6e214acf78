/**
 * What the door reads of a tap: the card, its member, the reader and the centre (`doorFacts`), or a
 * member checked in without a card (`memberDoorFacts`), each in one statement built once.
 */
import { desc, eq, isNull, sql } from 'drizzle-orm';
import { reusableStatement } from '../../db/reusable.ts';
import { cards, centers, members, organisations, readers, users } from '../../db/schema/index.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';
import { checkUsableCenter, organisationScopeOf } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

/**
 * The transaction's setting that hands the member the facts' read locked to the checks' read that
 * follows it in the same round trip (the checks are sent before the facts are answered).
 */
type CenterRow = typeof centers.$inferSelect;

/** The reader named by `sn` must be one of the organisation's, at this centre (422 otherwise). */
export function checkReaderAt<R extends { centerId: string }>(
  center: CenterRow,
  sn: string | null | undefined,
  reader: R | null,
) {
  if (!sn) return null;
  if (!reader || reader.centerId !== center.id) {
    throw new AppError(422, 'business_rule', 'This reader is not a reader of this centre', [
      { path: 'sn', code: 'reader_not_at_center', message: 'This reader is not a reader of this centre' },
    ]);
  }
  return reader;
}

export const DOOR_MEMBER_SETTING = 'gym.door_member';

/**
 * The handle the door's statements run on: each is built once for every caller (a door's taps come
 * many a second) and scoped by its organisation placeholder, then limited to the caller's centres here.
 */
export const doorHandle = (ctx: Pick<UseCaseContext, 'db'>) =>
  ctx.db.unscoped('the door’s statements are built once and scoped by their organisation placeholder');

/**
 * What a tap needs before the member's checks, in ONE read (a door's taps come many a second, and
 * each statement is a round trip): the centre (the centre rule), the organisation's settings, the
 * reader named by `sn` (422 unless it is at this centre), the card the number names (the one in
 * use, else the last detached) and the member it names, locked: the member's row lock serialises
 * their taps, and the reads after this statement (duplicate window, credits) see every earlier one.
 */
export async function doorFacts(
  ctx: UseCaseContext,
  input: { centerId: string; sn?: string | null | undefined; card: string },
) {
  const [row] = await (input.sn ? doorFactsAtReader : doorFactsAtDesk)(doorHandle(ctx), ctx.auth.organisationId, {
    centerId: input.centerId,
    card: input.card,
    sn: input.sn ?? undefined,
    userId: ctx.auth.userId,
    one: 1,
  });
  // The caller's centres: the statement is the organisation's (it is built once for every caller).
  const allowed = row && (ctx.auth.centerIds === null || ctx.auth.centerIds.includes(row.center.id));
  const center = checkUsableCenter(allowed ? row.center : undefined, 'center_id');
  const reader = checkReaderAt(center, input.sn, row!.reader?.id ? row!.reader : null);
  return {
    center,
    reader,
    card: row!.card?.id
      ? (row!.card as { id: string; status: string; memberId: string | null; staffId: string | null })
      : undefined,
    member: row!.member?.id ? (row!.member as DoorMember) : undefined,
    staff: row!.staff?.id ? (row!.staff as { id: string; name: string }) : null,
    config: configOf(row!.org),
  };
}

/** What the door reads of a card's member: what its checks and its entry's view need (not the photo itself). */
export const doorMemberColumns = {
  id: members.id,
  code: members.code,
  firstName: members.firstName,
  lastName: members.lastName,
  status: members.status,
  erasedAt: members.erasedAt,
  mergedInto: members.mergedInto,
  hasPhoto: sql<boolean>`(${members.photo} is not null)`.as('has_photo'),
};
export type DoorMember = {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
  status: string;
  erasedAt: Date | null;
  mergedInto: string | null;
  hasPhoto: boolean;
};

/**
 * The statement of `doorFacts`, with or without a reader named (`sn`). Built once: a door's taps
 * come many a second, and building (or planning) this join cost more than running it.
 */
export const doorFactsStatement = (withReader: boolean) =>
  reusableStatement(withReader ? 'door_facts' : 'door_facts_desk', (db, scope) => {
    const card = db
      .select({ id: cards.id, status: cards.status, memberId: cards.memberId, staffId: cards.staffId })
      .from(cards)
      .where(organisationScopeOf(scope, cards, eq(cards.number, sql.placeholder('card'))))
      .orderBy(sql`(${cards.status} = 'detached')`, desc(cards.attachedAt))
      .limit(sql.placeholder('one'))
      .as('card');
    // The card's member, locked (a lateral read: the lock is taken on the member row alone).
    const member = db
      .select(doorMemberColumns)
      .from(members)
      .where(organisationScopeOf(scope, members, eq(members.id, card.memberId)))
      .for('update')
      .as('member');
    return db
      .select({
        center: centers,
        org: { name: organisations.name, initial: organisations.initial, settings: organisations.settings },
        reader: { id: readers.id, centerId: readers.centerId, name: readers.name, sn: readers.sn },
        card: { id: card.id, status: card.status, memberId: card.memberId, staffId: card.staffId },
        member: {
          id: member.id,
          code: member.code,
          firstName: member.firstName,
          lastName: member.lastName,
          status: member.status,
          erasedAt: member.erasedAt,
          mergedInto: member.mergedInto,
          hasPhoto: member.hasPhoto,
        },
        // The staff member recording the tap, as the entry's view names them.
        staff: { id: users.id, name: users.fullName },
        // The member locked here, for the checks sent right behind this statement (`doorChecks`).
        handedOver: sql<string>`set_config(${sql.raw(`'${DOOR_MEMBER_SETTING}'`)}, coalesce(${member.id}::text, ''), true)`,
      })
      .from(centers)
      .innerJoin(organisations, eq(organisations.id, centers.organisationId))
      .leftJoin(
        readers,
        withReader
          ? organisationScopeOf(scope, readers, eq(readers.sn, sql.placeholder('sn')), isNull(readers.deletedAt))
          : sql`false`,
      )
      .leftJoin(card, sql`true`)
      .leftJoinLateral(member, sql`true`)
      .leftJoin(users, organisationScopeOf(scope, users, eq(users.id, sql.placeholder('userId'))))
      .where(organisationScopeOf(scope, centers, eq(centers.id, sql.placeholder('centerId'))));
  });
export const doorFactsAtReader = doorFactsStatement(true);
export const doorFactsAtDesk = doorFactsStatement(false);

/** A check-in at the desk of a member without a card: the member (by id) and the centre. */
export interface MemberEntryInput {
  centerId: string;
  memberId: string;
}

/**
 * What a check-in without a card needs, as `doorFacts` reads for a tap: the centre (the centre rule),
 * the organisation's settings, the member, locked (their taps and check-ins take turns, so the
 * duplicate window and the credit hold), handed over to the checks' read, and the staff member
 * recording it. A member the caller may not see is 404 on `id`.
 */
export async function memberDoorFacts(ctx: UseCaseContext, input: MemberEntryInput) {
  const center = await ctx.db.usableCenter(input.centerId, 'center_id');
  const [member] = await ctx.db
    .select(doorMemberColumns)
    .from(members)
    .where(eq(members.id, input.memberId))
    .for('update');
  if (!member) throw notFoundAt('id', 'Member');
  const [[org], [staff]] = await Promise.all([
    ctx.db
      .select({ name: organisations.name, initial: organisations.initial, settings: organisations.settings })
      .from(organisations),
    ctx.db.wholeOrganisation
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(eq(users.id, ctx.auth.userId)),
    doorHandle(ctx).execute(sql`select set_config(${DOOR_MEMBER_SETTING}, ${member.id}, true)`),
  ]);
  return { center, member: member as DoorMember, staff: staff ?? null, config: configOf(org!) };
}
