/** The places and the pace of long reads (lib/long-read.ts), and keyset chunks on the database. */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../test/db-snapshot.ts';
import { openTestDatabase } from '../test/harness.ts';
import { AppError } from './errors.ts';
import {
  afterKey,
  byOffset,
  type Chunk,
  type KeyColumn,
  keyColumns,
  keyOfRow,
  keyOrder,
  keyset,
  type LongReadLimits,
  LongReads,
} from './long-read.ts';

const limits: LongReadLimits = { perOrganisation: 2, total: 3, waitingPerOrganisation: 2, maxWaitMs: 5_000 };
const fast = { firstRows: 3, maxRows: 3, chunkMs: 1, pauseMs: 0 };

/** Whether the promise has settled after the turns of the event loop now queued. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await sleep(5);
  return done;
}

async function all<T>(chunks: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

describe('places of long reads', () => {
  it('lets two of an organisation run, queues the next in order, and refuses one more with 429 exports_busy', async () => {
    const reads = new LongReads('postgres', limits);
    const a1 = await reads.enter('a');
    const a2 = await reads.enter('a');
    const a3 = reads.enter('a');
    const a4 = reads.enter('a');
    expect(await settled(a3)).toBe(false);
    const refused = await reads.enter('a').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'exports_busy', retryAfterSeconds: 5 });
    // Another organisation is not held up by this one's queue.
    const b1 = await reads.enter('b');
    expect(reads.runningNow()).toBe(3);
    expect(reads.runningNow('a')).toBe(2);
    // The process is full (3): a place given back by "a" goes to "a"'s first waiter, not its second.
    a1.leave();
    a1.leave();
    const a3Place = await a3;
    expect(await settled(a4)).toBe(false);
    b1.leave();
    expect(await settled(a4)).toBe(false);
    a2.leave();
    (await a4).leave();
    a3Place.leave();
    expect(reads.runningNow()).toBe(0);
  });

  it('gives up a wait after maxWaitMs with 429, and when the caller goes away', async () => {
    const reads = new LongReads('postgres', { ...limits, perOrganisation: 1, maxWaitMs: 50 });
    const held = await reads.enter('a');
    await expect(reads.enter('a')).rejects.toMatchObject({ status: 429, code: 'exports_busy' });
    const gone = new AbortController();
    const waiting = reads.enter('a', gone.signal);
    gone.abort();
    await expect(waiting).rejects.toThrow(/abandoned/);
    held.leave();
    // Neither left a place taken nor a waiter behind.
    expect(reads.runningNow()).toBe(0);
    (await reads.enter('a')).leave();
  });
});

describe('a long read that is not a file', () => {
  it('runs in a place taken for it and given back when it ends or throws', async () => {
    const reads = new LongReads('postgres', { ...limits, perOrganisation: 1, waitingPerOrganisation: 0 }, fast);
    const rows = byOffset(async ({ offset, limit }) => [1, 2, 3, 4].slice(offset, offset + limit));
    const sum = await reads.read('a', rows, async (chunks) => {
      expect(reads.runningNow('a')).toBe(1);
      // A second long read of the organisation meanwhile is refused (no one may wait here).
      await expect(reads.read('a', rows, async () => 0)).rejects.toMatchObject({ code: 'exports_busy' });
      let total = 0;
      for await (const chunk of chunks) for (const n of chunk) total += n;
      return total;
    });
    expect(sum).toBe(10);
    expect(reads.runningNow()).toBe(0);
    await expect(
      reads.read('a', rows, async () => {
        throw new Error('report failed');
      }),
    ).rejects.toThrow('report failed');
    expect(reads.runningNow()).toBe(0);
  });
});

describe('the pace of long reads', () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ id: i }));

  it('reads by keyset and by offset in chunks, each row once, until a chunk comes back short', async () => {
    const reads = new LongReads('postgres', limits, fast);
    const asked: Chunk<number>[] = [];
    const byKey = keyset(
      async (chunk: Chunk<number>) => {
        asked.push(chunk);
        return rows.filter((r) => chunk.after === undefined || r.id > chunk.after).slice(0, chunk.limit);
      },
      (last) => last.id,
    );
    expect((await all(reads.chunks(byKey))).map((c) => c.map((r) => r.id))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
      [9],
    ]);
    expect(asked).toEqual([
      { after: undefined, limit: 3 },
      { after: 2, limit: 3 },
      { after: 5, limit: 3 },
      { after: 8, limit: 3 },
    ]);
    const offsets: number[] = [];
    const paged = byOffset(async ({ offset, limit }) => {
      offsets.push(offset);
      return rows.slice(offset, offset + limit);
    });
    expect((await all(reads.chunks(paged))).flat()).toEqual(rows);
    expect(offsets).toEqual([0, 3, 6, 9]);
    // A read can be run again from its start.
    expect((await all(reads.chunks(paged))).flat()).toEqual(rows);
  });

  it('sizes chunks to the target time, between 50 rows and the most a chunk may hold', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ id: i }));
    const reads = new LongReads('postgres', limits, { firstRows: 100, maxRows: 1_000, chunkMs: 20, pauseMs: 0 });
    const limitsAsked: number[] = [];
    const slow = (msPerRow: number) =>
      byOffset(async ({ offset, limit }) => {
        limitsAsked.push(limit);
        await sleep(Math.ceil(limit * msPerRow));
        return many.slice(offset, offset + limit);
      });
    // 1 ms a row: 20 ms is about 20 rows, but never fewer than 50.
    for await (const _ of reads.chunks(slow(1))) if (limitsAsked.length >= 3) break;
    expect(limitsAsked.slice(1)).toEqual([50, 50]);
    limitsAsked.length = 0;
    // Nearly free: as many as a chunk may hold.
    for await (const _ of reads.chunks(slow(0))) if (limitsAsked.length >= 3) break;
    expect(Math.max(...limitsAsked.slice(1))).toBe(1_000);
  });

  it('on the embedded database runs one chunk of all long reads at a time; on PostgreSQL side by side', async () => {
    for (const kind of ['pglite', 'postgres'] as const) {
      const reads = new LongReads(kind, limits, fast);
      let inside = 0;
      let most = 0;
      const read = () =>
        byOffset(async ({ offset, limit }) => {
          inside += 1;
          most = Math.max(most, inside);
          await sleep(10);
          inside -= 1;
          return Array.from({ length: Math.max(0, Math.min(limit, 9 - offset)) }, (_, i) => offset + i);
        });
      const [a, b] = await Promise.all([all(reads.chunks(read())), all(reads.chunks(read()))]);
      expect(a.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(b.flat()).toEqual(a.flat());
      expect(most, kind).toBe(kind === 'pglite' ? 1 : 2);
    }
  });
});

describe('keyset chunks on the database', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('walk an order of mixed directions, ties and times with microseconds, as one ORDER BY reads it', async () => {
    database = await openTestDatabase();
    const { db } = database;
    await db.execute(
      sql`create temporary table walk (a int not null, b text not null, t timestamptz not null, id int primary key)`,
    );
    // Few distinct values, so that chunks end inside runs of ties; times a microsecond apart.
    await db.execute(sql`insert into walk select g % 3, chr(97 + (g * 7) % 4), timestamptz '2024-01-01' + (g % 5) * interval '1 microsecond', g
      from generate_series(1, 60) g`);
    const col = (name: string) => sql.raw(name);
    const orders: KeyColumn[][] = [
      [
        { column: col('a'), cast: 'integer' },
        { column: col('b'), cast: 'text', descending: true },
        { column: col('id'), cast: 'integer' },
      ],
      [
        { column: col('t'), cast: 'timestamptz', descending: true },
        { column: col('a'), cast: 'integer' },
        { column: col('id'), cast: 'integer', descending: true },
      ],
      [
        { column: col('t'), cast: 'timestamptz' },
        { column: col('id'), cast: 'integer' },
      ],
    ];
    const reads = new LongReads(database.kind, limits, { firstRows: 4, maxRows: 4, chunkMs: 1, pauseMs: 0 });
    for (const key of orders) {
      const whole = rowsOf<{ id: number }>(
        await db.execute(sql`select id from walk order by ${sql.join(keyOrder(key), sql`, `)}`),
      );
      const chunked = keyset(
        async ({ after, limit }: Chunk<string[]>) => {
          const k = keyColumns(key);
          const rows = rowsOf<Record<string, string | number>>(
            await db.execute(sql`select id, ${sql.join(
              Object.entries(k).map(([name, v]) => sql`${v} as ${sql.raw(name)}`),
              sql`, `,
            )}
              from walk where ${afterKey(key, after) ?? sql`true`} order by ${sql.join(keyOrder(key), sql`, `)} limit ${limit}`),
          );
          return rows.map((r) => ({ id: Number(r.id), key: keyOfRow(r, key) }));
        },
        (last) => last.key,
      );
      const walked = (await all(reads.chunks(chunked))).flat().map((r) => r.id);
      expect(walked).toEqual(whole.map((r) => Number(r.id)));
      expect(walked).toHaveLength(60);
    }
  });
});
