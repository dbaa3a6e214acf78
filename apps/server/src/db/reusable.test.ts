import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationScopeOf } from '../lib/tenant-db.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../test/harness.ts';
import { reusableStatement } from './reusable.ts';
import { members } from './schema/index.ts';

let ctx: TestContext;
let a: TestOrganisation;
let b: TestOrganisation;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.newOrganisation();
  b = await ctx.newOrganisation();
});
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

describe('a statement built once and run many times', () => {
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
