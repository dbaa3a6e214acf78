/**
 * The scoped database's builders: whatever a statement written through them says, it reaches only
 * the caller's organisation (and, for centre-bound tables, the caller's centres).
 */
import { and, eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { alias, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { loginThrottles, memberGroupMembers, memberGroups, members, organisations } from '../db/schema/index.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../test/harness.ts';
import { isCentreBound, tenantDb } from './tenant-db.ts';

let ctx: TestContext;
let a: TestOrganisation;
let b: TestOrganisation;
let groupOfA: string;
let groupOfB: string;
let memberA1: string; // of A, at A's first centre
let memberA2: string; // of A, at A's second centre
let memberB: string;

const scope = (org: TestOrganisation, centerIds: string[] | null = null) => ({ organisationId: org.id, centerIds });

beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.newOrganisation();
  b = await ctx.newOrganisation();
  memberA1 = (await a.newMember({ firstName: 'Ann' })).id;
  memberA2 = (await a.newMember({ firstName: 'Abe', homeCenterId: a.centers[1]!.id })).id;
  memberB = (await b.newMember({ firstName: 'Bea' })).id;
  groupOfA = (await tenantDb(ctx.database.db, scope(a)).insert(memberGroups, { name: 'Group A' }))[0]!.id;
  groupOfB = (await tenantDb(ctx.database.db, scope(b)).insert(memberGroups, { name: 'Group B' }))[0]!.id;
});
afterAll(() => ctx?.close());

describe('the scoped database', () => {
  it('select().from(t) reads only the caller’s rows, with or without a condition of its own, in any order of calls', async () => {
    const db = tenantDb(ctx.database.db, scope(a));
    const all = await db.select({ id: memberGroups.id }).from(memberGroups);
    expect(all.map((r) => r.id)).toEqual([groupOfA]);
    const named = await db.select().from(memberGroups).where(eq(memberGroups.id, groupOfB));
    expect(named).toEqual([]);
    const ordered = await db
      .select({ id: memberGroups.id })
      .from(memberGroups)
      .orderBy(memberGroups.name)
      .where(inArray(memberGroups.id, [groupOfA, groupOfB]));
    expect(ordered.map((r) => r.id)).toEqual([groupOfA]);
    const byCallback = await db
      .select({ id: memberGroups.id })
      .from(memberGroups)
      .where(() => sql`true`);
    expect(byCallback.map((r) => r.id)).toEqual([groupOfA]);
    const distinct = await db.selectDistinct({ id: memberGroups.id }).from(memberGroups);
    expect(distinct.map((r) => r.id)).toEqual([groupOfA]);
  });

  it('a caller limited to some centres reads the centre-bound rows of those centres; wholeOrganisation reads them all', async () => {
    const limited = tenantDb(ctx.database.db, scope(a, [a.centers[0]!.id]));
    const seen = await limited
      .select({ id: members.id })
      .from(members)
      .where(inArray(members.id, [memberA1, memberA2, memberB]));
    expect(seen.map((r) => r.id)).toEqual([memberA1]);
    const whole = await limited.wholeOrganisation
      .select({ id: members.id })
      .from(members)
      .where(inArray(members.id, [memberA1, memberA2, memberB]));
    expect(whole.map((r) => r.id).sort()).toEqual([memberA1, memberA2].sort());
    expect(await limited.count(members, inArray(members.id, [memberA1, memberA2, memberB]))).toBe(1);
  });

  it('a joined table is limited to the organisation in its ON: a left join finds nothing of another organisation', async () => {
    const unscoped = ctx.database.db;
    // A row of A's group naming B's member: only a forged row could, the database's keys refuse it.
    await expect(
      unscoped.insert(memberGroupMembers).values({ organisationId: a.id, groupId: groupOfA, memberId: memberB }),
    ).rejects.toThrow();
    await tenantDb(unscoped, scope(a)).insert(memberGroupMembers, { groupId: groupOfA, memberId: memberA1 });
    const db = tenantDb(unscoped, scope(a));
    const joined = await db
      .select({ group: memberGroups.id, member: members.id })
      .from(memberGroups)
      .leftJoin(members, eq(members.id, sql`${memberB}::uuid`));
    expect(joined).toEqual([{ group: groupOfA, member: null }]);
    const other = alias(members, 'other');
    const inner = await db
      .select({ member: other.id })
      .from(memberGroupMembers)
      .innerJoin(other, eq(other.id, memberGroupMembers.memberId));
    expect(inner).toEqual([{ member: memberA1 }]);
    // The join's own condition as drizzle's callback form is kept.
    const byCallback = await db
      .select({ member: members.id })
      .from(memberGroupMembers)
      .innerJoin(members, () => eq(members.id, memberGroupMembers.memberId));
    expect(byCallback).toEqual([{ member: memberA1 }]);
  });

  it('update(t) and delete(t) change only the caller’s rows, and never a row’s organisation', async () => {
    const db = tenantDb(ctx.database.db, scope(a));
    const changed = await db
      .update(memberGroups)
      .set({ name: 'Renamed', organisationId: b.id })
      .where(inArray(memberGroups.id, [groupOfA, groupOfB]))
      .returning({ id: memberGroups.id, org: memberGroups.organisationId });
    expect(changed).toEqual([{ id: groupOfA, org: a.id }]);
    const everywhere = await db.update(memberGroups).set({ name: 'Group A' }).returning({ id: memberGroups.id });
    expect(everywhere.map((r) => r.id)).toEqual([groupOfA]);
    const removed = await db.delete(memberGroups).where(eq(memberGroups.id, groupOfB)).returning();
    expect(removed).toEqual([]);
    const [stillB] = await ctx.database.db.select().from(memberGroups).where(eq(memberGroups.id, groupOfB));
    expect(stillB?.name).toBe('Group B');
  });

  it('insert(t).values(...) writes the caller’s organisation whatever the row says', async () => {
    const db = tenantDb(ctx.database.db, scope(a));
    const [row] = await db
      .insert(memberGroups)
      .values({ name: 'Forged', organisationId: b.id })
      .onConflictDoNothing()
      .returning();
    expect(row?.organisationId).toBe(a.id);
    const many = await db
      .insert(memberGroups)
      .values([
        { name: 'One', organisationId: b.id },
        { name: 'Two', organisationId: b.id },
      ])
      .returning({ org: memberGroups.organisationId });
    expect(many).toEqual([{ org: a.id }, { org: a.id }]);
  });

  it('the organisation row is the caller’s own; a table no organisation owns cannot be named', async () => {
    const db = tenantDb(ctx.database.db, scope(a));
    const orgs = await db.select({ id: organisations.id }).from(organisations);
    expect(orgs).toEqual([{ id: a.id }]);
    expect(() => db.select().from(loginThrottles)).toThrow(/belongs to no organisation/);
    expect(() => db.insert(loginThrottles)).toThrow(/belongs to no organisation/);
    expect(() => db.update(loginThrottles)).toThrow(/belongs to no organisation/);
  });

  it('lock, first, rows and a savepoint stay in scope; a savepoint that fails undoes only its own work', async () => {
    await ctx.database.db.transaction(async (tx) => {
      const db = tenantDb(tx, scope(a));
      expect(await db.lock(memberGroups, inArray(memberGroups.id, [groupOfA, groupOfB]))).toHaveLength(1);
      expect(await db.first(memberGroups, eq(memberGroups.id, groupOfB))).toBeUndefined();
      expect((await db.rows(memberGroups, and(eq(memberGroups.id, groupOfA)))).map((r) => r.id)).toEqual([groupOfA]);
      await expect(
        db.savepoint(async (inner) => {
          await inner.update(memberGroups).set({ name: 'In the savepoint' }).where(eq(memberGroups.id, groupOfA));
          throw new Error('undone');
        }),
      ).rejects.toThrow('undone');
      expect((await db.first(memberGroups, eq(memberGroups.id, groupOfA)))?.name).toBe('Group A');
    });
  });
});

describe('centre-bound tables', () => {
  it('every tenant table whose rows name their centre is limited to the caller’s centres', () => {
    // Tables whose centre column is not a place that limits who sees the row: a membership sold at one
    // centre is used at every centre, the audit log and the outbox are read through their own rules, and
    // user_centers is the list of a user's centres itself.
    const notTheRowsPlace = new Set(['entitlements', 'audit_log', 'domain_events', 'user_centers']);
    const missing = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => is(t, PgTable))
      .filter((t) => 'organisationId' in t && 'centerId' in t && !isCentreBound(t))
      .map((t) => getTableName(t))
      .filter((name) => !notTheRowsPlace.has(name));
    expect(missing).toEqual([]);
  });
});
