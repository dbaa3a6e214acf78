import type { Group, groupInputSchema, groupListQuerySchema, groupUpdateSchema } from '@gym/contract/members';
import { likeEscape } from '@gym/contract/search';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { memberGroupMembers, memberGroups, members } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { scopeOf } from '../../lib/tenant-db.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

/**
 * Members of the group the caller can see: the count matches what `GET students?groupId=` lists.
 * The outer column is spelt out because drizzle leaves a one-table select's columns unqualified.
 */
function memberCountOf(auth: Scope): SQL<number> {
  const centerFilter =
    auth.centerIds === null
      ? sql``
      : auth.centerIds.length > 0
        ? sql` and m.home_center_id in (${sql.join(
            auth.centerIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql` and false`;
  return sql<number>`(select count(*)::int from ${memberGroupMembers} gm join ${members} m on m.id = gm.member_id where gm.group_id = "member_groups"."id"${centerFilter})`;
}

const groupColumns = (auth: Scope) => ({
  id: memberGroups.id,
  name: memberGroups.name,
  description: memberGroups.description,
  color: memberGroups.color,
  createdAt: memberGroups.createdAt,
  memberCount: memberCountOf(auth),
});

const view = (g: { createdAt: Date; memberCount: number } & Omit<Group, 'createdAt' | 'memberCount'>): Group => ({
  ...g,
  memberCount: Number(g.memberCount),
  createdAt: g.createdAt.toISOString(),
});

export async function listGroups(db: DbOrTx, auth: Scope, q: z.output<typeof groupListQuerySchema>) {
  const where = scopeOf(
    auth,
    memberGroups,
    q.keyword ? sql`lower(${memberGroups.name}) like ${`%${likeEscape(q.keyword.toLowerCase())}%`}` : undefined,
  );
  const direction = q.sort.startsWith('-') ? desc : asc;
  const cols = groupColumns(auth);
  const key = q.sort.replace('-', '');
  const order =
    key === 'memberCount'
      ? [direction(cols.memberCount), asc(memberGroups.name)]
      : key === 'createdAt'
        ? [direction(memberGroups.createdAt), asc(memberGroups.id)]
        : [direction(sql`lower(${memberGroups.name})`), asc(memberGroups.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(cols)
      .from(memberGroups)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(memberGroups).where(where),
  ]);
  return { items: rows.map(view), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function getGroup(db: DbOrTx, auth: Scope, id: string): Promise<Group> {
  const [row] = await db
    .select(groupColumns(auth))
    .from(memberGroups)
    .where(scopeOf(auth, memberGroups, eq(memberGroups.id, id)));
  if (!row) throw notFound('group');
  return view(row);
}

async function lockGroup(tx: DbOrTx, auth: Scope, id: string) {
  const [row] = await tx
    .select({ id: memberGroups.id })
    .from(memberGroups)
    .where(scopeOf(auth, memberGroups, eq(memberGroups.id, id)))
    .for('update');
  if (!row) throw notFound('group');
  return row;
}

const nameTaken = () =>
  new AppError(409, 'name_taken', 'A group with this name already exists', [
    { path: 'name', code: 'name_taken', message: 'A group with this name already exists' },
  ]);

/** Runs a write that may hit the case-insensitive unique name index and says so in the one error shape. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'member_groups_org_name')) throw nameTaken();
    throw err;
  }
}

export async function createGroup(ctx: UseCaseContext, input: z.output<typeof groupInputSchema>) {
  const [row] = await withUniqueName(() => ctx.db.insert(memberGroups, input));
  return getGroup(ctx.tx, ctx.auth, row!.id);
}

export async function updateGroup(ctx: UseCaseContext, input: z.output<typeof groupUpdateSchema> & { id: string }) {
  const { id, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length > 0) {
    const updated = await withUniqueName(() => ctx.db.update(memberGroups, changes, eq(memberGroups.id, id)));
    if (updated.length === 0) throw notFound('group');
  }
  return getGroup(ctx.tx, ctx.auth, id);
}

/** Deletes a group; its members stay, only the grouping goes. */
export async function deleteGroup(ctx: UseCaseContext, input: { id: string }): Promise<void> {
  const deleted = await ctx.db.delete(memberGroups, eq(memberGroups.id, input.id));
  if (deleted.length === 0) throw notFound('group');
}

/**
 * Adds members the caller can see to a group; those already in it stay as they are. All or
 * nothing: an id the caller cannot see (404) or an erased member (422) adds no one.
 */
export async function addGroupMembers(ctx: UseCaseContext, input: { id: string; memberIds: string[] }) {
  const { id } = input;
  const { tx, auth } = ctx;
  const unique = [...new Set(input.memberIds)];
  await lockGroup(tx, auth, id);
  const found = await tx
    .select({ id: members.id, erased: sql<boolean>`${members.erasedAt} is not null` })
    .from(members)
    .where(scopeOf(auth, members, inArray(members.id, unique)));
  if (found.length !== unique.length) {
    throw new AppError(404, 'not_found', 'Member not found', [
      { path: 'memberIds', code: 'not_found', message: 'Member not found' },
    ]);
  }
  if (found.some((m) => m.erased)) {
    throw new AppError(422, 'business_rule', 'An erased member cannot join a group', [
      { path: 'memberIds', code: 'member_erased', message: 'An erased member cannot join a group' },
    ]);
  }
  const added = await tx
    .insert(memberGroupMembers)
    .values(unique.map((memberId) => ({ groupId: id, memberId, organisationId: auth.organisationId })))
    .onConflictDoNothing()
    .returning({ memberId: memberGroupMembers.memberId });
  const group = await getGroup(tx, auth, id);
  return { added: added.length, memberCount: group.memberCount };
}

/** Takes a member out of a group; taking out someone who is not in it is harmless. */
export async function removeGroupMember(ctx: UseCaseContext, input: { id: string; memberId: string }) {
  const { id, memberId } = input;
  const { tx, auth } = ctx;
  await lockGroup(tx, auth, id);
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(scopeOf(auth, members, eq(members.id, memberId)));
  if (!member) throw notFound('member');
  await ctx.db.delete(
    memberGroupMembers,
    and(eq(memberGroupMembers.groupId, id), eq(memberGroupMembers.memberId, memberId))!,
  );
}
