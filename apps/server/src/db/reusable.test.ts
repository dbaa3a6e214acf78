import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationScopeOf } from '../lib/tenant-db.ts';
import { startTwoOrganisations, type TestContext, type TestOrganisation } from '../test/harness.ts';
import { reusableStatement } from './reusable.ts';
import { cards, members } from './schema/index.ts';

let ctx: TestContext, a: TestOrganisation, b: TestOrganisation;

beforeAll(async () => ({ ctx, a, b } = await startTwoOrganisations()));
afterAll(async () => {
  await ctx?.close();
});

/** A member by code, in the caller's organisation. */
const memberByCode = reusableStatement('test_member_by_code', (db, scope) =>
  db
    .select({ id: members.id, organisationId: members.organisationId })
    .from(members)
    .where(organisationScopeOf(scope, members, eq(members.code, sql.placeholder('code')))),
);

/**
 * A member with a card or none: a nested object, a left-joined table (null when it found no row),
 * a timestamp, an expression kept as PostgreSQL answers it and one decoded (`mapWith`).
 */
const memberWithCard = (db: TestContext['database']['db']) =>
  db
    .select({
      member: { id: members.id, code: members.code, createdAt: members.createdAt },
      card: cards,
      initial: sql<string>`upper(left(${members.firstName}, 1))`,
      cardCount: sql<number>`(select count(*) from cards c where c.member_id = ${members.id})`.mapWith(Number),
    })
    .from(members)
    .leftJoin(cards, eq(cards.memberId, members.id));

const memberWithCardByCode = reusableStatement('test_member_with_card', (db, scope) =>
  memberWithCard(db).where(organisationScopeOf(scope, members, eq(members.code, sql.placeholder('code')))),
);

describe('a statement built once and run many times', () => {
  it('answers each row as the same query built and run the usual way does', async () => {
    const db = ctx.database.db;
    const carded = await a.newMember({ code: `RC${Date.now()}`, cardNumber: `RC${Date.now()}`, firstName: 'zoë' });
    const bare = await a.newMember({ code: `RN${Date.now()}`, firstName: '張' });
    for (const m of [carded, bare]) {
      const usual = await memberWithCard(db).where(and(eq(members.organisationId, a.id), eq(members.code, m.code)));
      const reused = await memberWithCardByCode(db, a.id, { code: m.code });
      expect(reused).toEqual(usual);
      expect(reused).toHaveLength(1);
    }
    const [withCard] = await memberWithCardByCode(db, a.id, { code: carded.code });
    expect(withCard).toMatchObject({
      member: { id: carded.id },
      card: { memberId: carded.id },
      initial: 'Z',
      cardCount: 1,
    });
    expect(withCard!.member.createdAt).toBeInstanceOf(Date);
    expect(withCard!.card!.attachedAt).toBeInstanceOf(Date);
    const [withoutCard] = await memberWithCardByCode(db, a.id, { code: bare.code });
    expect(withoutCard).toMatchObject({ member: { id: bare.id }, card: null, initial: '張', cardCount: 0 });
  });

  it("scopes every run to that run's organisation, whichever organisation ran it first", async () => {
    const inA = await a.newMember({ code: `RA${Date.now()}` });
    const inB = await b.newMember({ code: `RB${Date.now()}` });
    const db = ctx.database.db;

    expect(await memberByCode(db, a.id, { code: inA.code })).toEqual([{ id: inA.id, organisationId: a.id }]);
    // Built for A's first run; B's id is filled in at B's run, so B finds its own member...
    expect(await memberByCode(db, b.id, { code: inB.code })).toEqual([{ id: inB.id, organisationId: b.id }]);
    // ...and neither sees the other's.
    expect(await memberByCode(db, a.id, { code: inB.code })).toEqual([]);
    expect(await memberByCode(db, b.id, { code: inA.code })).toEqual([]);
  });

  it("runs on the caller's transaction: it sees the transaction's own rows, and nothing once rolled back", async () => {
    const code = `RT${Date.now()}`;
    const db = ctx.database.db;
    const rollback = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(members).values({
          id: randomUUID(),
          organisationId: a.id,
          homeCenterId: a.centers[0]!.id,
          code,
          firstName: 'Tess',
          lastName: 'Transaction',
          searchText: 'tess transaction',
        });
        // Uncommitted: only the transaction's connection can see it (PostgreSQL runs the pool's
        // statements on other connections).
        expect(await memberByCode(tx, a.id, { code })).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await memberByCode(db, a.id, { code })).toEqual([]);
  });

  it('refuses, at its first run, a statement with a value built into its text', async () => {
    const leaky = reusableStatement('test_leaky', (db) =>
      db.select({ id: members.id }).from(members).where(eq(members.organisationId, a.id)),
    );
    await expect(leaky(ctx.database.db, b.id, {})).rejects.toThrow(
      `The reusable statement test_leaky has values built into it (["${a.id}"])`,
    );
  });
});
