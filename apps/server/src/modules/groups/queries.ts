import type { Group, groupListQuerySchema } from '@gym/contract/members';
import { likeEscape } from '@gym/contract/search';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { memberGroupMembers, memberGroups, members } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

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

export async function listGroups(db: TenantDb, q: z.output<typeof groupListQuerySchema>) {
  const where = q.keyword
    ? sql`lower(${memberGroups.name}) like ${`%${likeEscape(q.keyword.toLowerCase())}%`}`
    : undefined;
  const direction = q.sort.startsWith('-') ? desc : asc;
  const cols = groupColumns(db.auth);
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

export async function getGroup(db: TenantDb, id: string): Promise<Group> {
  const [row] = await db.select(groupColumns(db.auth)).from(memberGroups).where(eq(memberGroups.id, id));
  if (!row) throw notFound('group');
  return view(row);
}
