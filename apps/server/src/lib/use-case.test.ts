/** The command runner: one transaction, tenant-scoped access, events published only after commit. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberGroups } from '../db/schema/index.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../test/harness.ts';
import type { AuthContext } from './access.ts';
import { publicCaller, runCommand, runTransaction, systemContext } from './use-case.ts';

let ctx: TestContext;
let a: TestOrganisation;
let b: TestOrganisation;
const authOf = (org: TestOrganisation, centerIds: string[] | null = null) =>
  ({ userId: '', organisationId: org.id, role: 'admin', centerIds, familyId: '' }) as unknown as AuthContext;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.newOrganisation();
  b = await ctx.newOrganisation();
});
afterAll(() => ctx?.close());

describe('runTransaction', () => {
  it('publishes emitted events after commit, and none when the command fails', async () => {
    const seen: unknown[] = [];
    const off = ctx.deps.events.subscribe('realtime.center', (e) => seen.push(e));
    await runTransaction(ctx.deps, authOf(a), async (c) => {
      c.emit({ type: 'test.done', organisationId: a.id, centerId: a.centers[0]!.id, payload: { n: 1 } });
      expect(seen).toEqual([]);
    });
    await ctx.deps.outbox.drain();
    expect(seen).toEqual([
      { organisationId: a.id, centerId: a.centers[0]!.id, payload: { action: 'test.done', n: 1 } },
    ]);
    await expect(
      runTransaction(ctx.deps, authOf(a), async (c) => {
        await c.db.insert(memberGroups, { name: 'Rolled back' });
        c.emit({ type: 'test.failed', organisationId: a.id, centerId: a.centers[0]!.id, payload: {} });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await ctx.deps.outbox.drain();
    expect(seen).toHaveLength(1);
    const left = await ctx.database.db.select().from(memberGroups).where(eq(memberGroups.name, 'Rolled back'));
    expect(left).toEqual([]);
    off();
  });

  it('a command is handed the scoped database, never the raw transaction (the escape hatch is db.unscoped)', async () => {
    const keys = await runCommand(ctx.deps, authOf(a), async (c) => Object.keys(c), undefined);
    expect(keys).toContain('db');
    expect(keys).not.toContain('tx');
    const swept = await ctx.database.db.transaction(async (tx) =>
      Object.keys(systemContext(tx, a.id, ctx.deps.clock).ctx),
    );
    expect(swept).toContain('db');
    expect(swept).not.toContain('tx');
  });

  it('ctx.db reaches only the caller’s organisation and allowed centres', async () => {
    await runTransaction(ctx.deps, authOf(b), (c) => c.db.insert(memberGroups, { name: 'Of B' }));
    const seenByA = await runTransaction(ctx.deps, authOf(a), (c) =>
      c.db.rows(memberGroups, eq(memberGroups.name, 'Of B')),
    );
    expect(seenByA).toEqual([]);
    const changedByA = await runTransaction(ctx.deps, authOf(a), (c) =>
      c.db.update(memberGroups, { name: 'Taken' }, eq(memberGroups.name, 'Of B')),
    );
    expect(changedByA).toEqual([]);
    const limited = authOf(a, [a.centers[0]!.id]);
    await expect(runTransaction(ctx.deps, limited, (c) => c.db.usableCenter(a.centers[1]!.id))).rejects.toMatchObject({
      status: 404,
    });
    await expect(runTransaction(ctx.deps, limited, (c) => c.db.usableCenter(b.centers[0]!.id))).rejects.toMatchObject({
      status: 404,
    });
    const own = await runTransaction(ctx.deps, limited, (c) => c.db.usableCenter(a.centers[0]!.id));
    expect(own.id).toBe(a.centers[0]!.id);
  });

  it('a public page’s command reaches only the page’s organisation and centre, and has no user', async () => {
    const page = publicCaller(a.id, [a.centers[0]!.id], 'test page');
    await runTransaction(ctx.deps, authOf(b), (c) => c.db.insert(memberGroups, { name: 'Of B, for the page' }));
    const seen = await runTransaction(ctx.deps, page, async (c) => {
      expect(c.auth).not.toHaveProperty('userId');
      return c.db.rows(memberGroups, eq(memberGroups.name, 'Of B, for the page'));
    });
    expect(seen).toEqual([]);
    await expect(runTransaction(ctx.deps, page, (c) => c.db.usableCenter(a.centers[1]!.id))).rejects.toMatchObject({
      status: 404,
    });
    await expect(runTransaction(ctx.deps, page, (c) => c.db.usableCenter(b.centers[0]!.id))).rejects.toMatchObject({
      status: 404,
    });
    const [group] = await runTransaction(ctx.deps, page, (c) =>
      c.db.insert(memberGroups, { name: 'Of A, by the page' }),
    );
    expect(group!.organisationId).toBe(a.id);
  });
});
