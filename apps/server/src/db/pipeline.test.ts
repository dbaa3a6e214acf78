import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/pg-errors.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../test/harness.ts';
import { readAll } from './client.ts';
import { pipelines, sendBeforeCommit, withCommit } from './pipeline.ts';
import { members } from './schema/index.ts';

let ctx: TestContext;
let org: TestOrganisation;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
});
afterAll(async () => {
  await ctx?.close();
});

const memberRow = (code: string) => ({
  id: randomUUID(),
  organisationId: org.id,
  homeCenterId: org.centers[0]!.id,
  code,
  firstName: 'Pia',
  lastName: 'Pipeline',
  searchText: 'pia pipeline',
});

const byCode = (code: string) => ctx.database.db.select().from(members).where(eq(members.code, code));

describe("a transaction's statements sent together (PostgreSQL pipelines them; PGlite runs them one by one)", () => {
  it('answers reads issued together in order, each its own, and they see the transaction’s own writes', async () => {
    const code = `PL${Date.now()}`;
    const [pipelined, results] = await ctx.database.db.transaction(async (tx) => {
      await tx.insert(members).values(memberRow(code));
      const reads = await readAll(
        tx,
        () => tx.select({ code: members.code }).from(members).where(eq(members.code, code)),
        () => tx.execute(sql`select 2 as two`),
        () => tx.select({ n: sql<number>`count(*)::int` }).from(members).where(eq(members.code, 'none')),
      );
      return [pipelines(tx), reads] as const;
    });
    expect(pipelined).toBe(ctx.database.kind === 'postgres');
    expect(results[0]).toEqual([{ code }]);
    expect((results[1] as unknown as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
    expect(results[2]).toEqual([{ n: 0 }]);
    expect(await byCode(code)).toHaveLength(1);
  });

  it('commits nothing when a statement sent with the commit fails, even one whose own answer nobody reads', async () => {
    const code = `PF${Date.now()}`;
    // A row another statement of the transaction wrote, then an insert that breaks a foreign key,
    // sent with the commit (on PostgreSQL its answer comes in the commit's round trip).
    const failing = {
      text: 'insert into members (id, organisation_id, home_center_id, code, first_name, last_name, search_text) values ($1, $2, $3, $4, $5, $6, $7)',
      values: [randomUUID(), org.id, randomUUID(), `${code}X`, 'No', 'Centre', 'no centre'],
    };
    const run = ctx.database.db.transaction(async (tx) => {
      await tx.insert(members).values(memberRow(code));
      const queued = withCommit(tx, failing);
      if (queued)
        queued.catch(() => {}); // nobody reads its answer: only the commit can tell
      else
        await tx
          .execute(sql.raw(`select 1`))
          .then(() => tx.insert(members).values({ ...memberRow(`${code}X`), homeCenterId: randomUUID() }));
    });
    await expect(run).rejects.toThrow();
    expect(await byCode(code)).toEqual([]);
    expect(await byCode(`${code}X`)).toEqual([]);
  });

  it('fails with the own error of a statement sent and not waited for: at the commit, and at a statement waited for after it', async () => {
    const code = `PU${Date.now()}`;
    await ctx.database.db.insert(members).values(memberRow(code));
    // A second member of the same code: a unique violation of the organisation's codes.
    const taken = {
      name: 'pipeline_test_member',
      text: 'insert into members (id, organisation_id, home_center_id, code, first_name, last_name, search_text) values ($1, $2, $3, $4, $5, $6, $7)',
      values: [randomUUID(), org.id, org.centers[0]!.id, code, 'Twice', 'Taken', 'twice taken'],
    };
    const other = `${code}B`;
    const send = async (tx: Parameters<Parameters<typeof ctx.database.db.transaction>[0]>[0]) => {
      if (!sendBeforeCommit(tx, taken)) await tx.insert(members).values(memberRow(code)); // PGlite: at once
    };
    // Sent last: the commit is what tells.
    const atCommit = ctx.database.db.transaction(async (tx) => {
      await tx.insert(members).values(memberRow(other));
      await send(tx);
    });
    const err = await atCommit.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err, 'members_org_code')).toBe(true);
    // Followed by a statement waited for: that one answers the same error, not "transaction aborted".
    const after = ctx.database.db.transaction(async (tx) => {
      await send(tx);
      await tx.select().from(members).where(eq(members.code, code));
    });
    const err2 = await after.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err2, 'members_org_code')).toBe(true);
    expect(await byCode(other)).toEqual([]);
    expect(await byCode(code)).toHaveLength(1);
  });
});
