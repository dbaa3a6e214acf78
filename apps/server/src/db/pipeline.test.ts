import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/pg-errors.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../test/harness.ts';
import { readAll } from './client.ts';
import { batchWrites, pipelines, sendBeforeCommit, withCommit } from './pipeline.ts';
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

describe('statements issued together are written to the server together', () => {
  /** A stream that records what was written between each cork and its uncork. */
  function recordingStream() {
    const writes: string[][] = [];
    let open: string[] | null = null;
    let depth = 0;
    const stream = {
      cork: () => {
        depth += 1;
        open ??= [];
      },
      uncork: () => {
        depth -= 1;
        if (depth === 0 && open) {
          writes.push(open);
          open = null;
        }
      },
    };
    const send = (config: unknown) => {
      if (open) open.push(String(config));
      else writes.push([String(config)]);
      return Promise.resolve();
    };
    return { writes, send: batchWrites(send, stream) };
  }

  it('one write for what one job issues, through its promise steps; a new write once it waited', async () => {
    const { writes, send } = recordingStream();
    // A transaction's begin, then two reads a few promise steps later, as drizzle issues them.
    send('begin');
    await Promise.resolve();
    await Promise.all([Promise.resolve().then(() => send('facts')), Promise.resolve().then(() => send('checks'))]);
    expect(writes).toEqual([]); // still held: the job has not finished
    // The job waits for the server's answer (here: the next turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([['begin', 'facts', 'checks']]);
    send('insert');
    await Promise.resolve();
    send('commit');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([
      ['begin', 'facts', 'checks'],
      ['insert', 'commit'],
    ]);
  });

  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'on PostgreSQL, a transaction of two reads and a write sent with its commit takes two writes to the socket',
    async () => {
      const code = `PW${Date.now()}`;
      const writes = await ctx.database.db.transaction(async (tx) => {
        const stream = (tx as unknown as { session: { client: { connection: { stream: Record<string, unknown> } } } })
          .session.client.connection.stream;
        let count = 0;
        for (const method of ['_write', '_writev'] as const) {
          const original = stream[method] as (...args: unknown[]) => unknown;
          stream[method] = (...args: unknown[]) => {
            count += 1;
            return original.apply(stream, args);
          };
        }
        try {
          // The begin (issued before this callback, still held), then two reads: one write.
          await readAll(
            tx,
            () => tx.execute(sql`select 1 as one`),
            () => tx.execute(sql`select 2 as two`),
          );
          // A row sent with the commit, then the commit: one write.
          expect(
            sendBeforeCommit(tx, {
              text: 'insert into members (id, organisation_id, home_center_id, code, first_name, last_name, search_text) values ($1, $2, $3, $4, $5, $6, $7)',
              values: Object.values(memberRow(code)),
            }),
          ).toBe(true);
          return () => {
            delete stream._write;
            delete stream._writev;
            return count;
          };
        } catch (err) {
          delete stream._write;
          delete stream._writev;
          throw err;
        }
      });
      expect(writes()).toBe(2);
      expect(await byCode(code)).toHaveLength(1);
    },
  );
});
