/**
 * Member search at size: many generated members in one organisation (the same generator as the demo
 * seed), then `GET /pro/students?keyword=` with a different keyword on every request, so that no
 * cache of one query flatters the figures.
 */
import autocannon from 'autocannon';
import { count as countRows, eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { centers, members, organisations } from '../apps/server/src/db/schema/index.ts';
import { tenantDb } from '../apps/server/src/lib/tenant-db.ts';
import { refreshPlannerStatistics } from '../apps/server/src/modules/imports/insert-members.ts';
import {
  type GeneratedMember,
  generateMembers,
  insertGeneratedMembers,
  seededRandom,
} from '../apps/server/src/seed/member-generator.ts';
import { percentile } from './stats.ts';

const BATCH = 20_000;

export interface SeededMembers {
  count: number;
  ms: number;
  /** False when a kept database already held the members. */
  inserted: boolean;
  /** Every `sampleEvery`-th member, to draw keywords from. */
  sample: GeneratedMember[];
}

/**
 * Adds `count` generated members to the organisation, in transactions of 20,000 rows, printing progress.
 * With `reuse` (a kept database, `BENCH_DATABASE_URL`), an organisation that already holds `count`
 * members or more gets none: the same members are generated again only to draw the keywords from.
 */
export async function seedSearchMembers(
  db: Db,
  initial: string,
  count: number,
  seed = 4242,
  reuse = false,
): Promise<SeededMembers> {
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.initial, initial));
  if (!org) throw new Error(`organisation ${initial} not found`);
  const centerRows = await db
    .select({ id: centers.id, code: centers.code })
    .from(centers)
    .where(eq(centers.organisationId, org.id));
  const [held] = await db.select({ n: countRows() }).from(members).where(eq(members.organisationId, org.id));
  const insert = !reuse || (held?.n ?? 0) < count;
  if (!insert) console.log(`  reusing the ${(held?.n ?? 0).toLocaleString('en')} members already in the database`);
  const sample: GeneratedMember[] = [];
  const started = performance.now();
  for (let offset = 0; offset < count; offset += BATCH) {
    const size = Math.min(BATCH, count - offset);
    const people = generateMembers(size, { seed: seed + offset, centers: centerRows, offset: offset + 1_000_000 });
    for (let i = 0; i < people.length; i += 50) sample.push(people[i]!);
    if (!insert) continue;
    await db.transaction((tx) => insertGeneratedMembers(tx, org.id, people).then(() => undefined));
    const done = offset + size;
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\r  ${done.toLocaleString('en')} / ${count.toLocaleString('en')} members, ${seconds.toFixed(1)} s`,
    );
  }
  // As the import does after a large file (PGlite has no autovacuum to do it).
  if (insert) await refreshPlannerStatistics(tenantDb(db, { organisationId: org.id, centerIds: null }));
  process.stdout.write('\n');
  return { count, ms: performance.now() - started, sample, inserted: insert };
}

export type KeywordKind = 'common' | 'latin' | 'chinese' | 'phone' | 'card' | 'code';

/**
 * Keywords as staff type them, drawn from the stored members: name fragments, phone fragments, whole
 * card numbers, whole member codes (`DF` and six digits, of the first `members` codes drawn).
 */
export function keywordsOf(kind: KeywordKind, people: readonly GeneratedMember[], n = 2_000, members = 0): string[] {
  // The most common surname of the generator: about 7% of the members match.
  if (kind === 'common') return ['wong'];
  const random = seededRandom(99 + kind.length);
  if (kind === 'code') {
    const upTo = Math.max(1, members);
    return Array.from({ length: n }, () => `DF${String(1 + Math.floor(random() * upTo)).padStart(6, '0')}`);
  }
  const pick = () => people[Math.floor(random() * people.length)]!;
  const out: string[] = [];
  for (let guard = 0; out.length < n && guard < n * 50; guard++) {
    const p = pick();
    switch (kind) {
      case 'latin': {
        const name = `${p.firstName} ${p.lastName}`.toLowerCase();
        const length = 3 + Math.floor(random() * 4);
        const start = Math.floor(random() * Math.max(1, name.length - length));
        const fragment = name.slice(start, start + length).trim();
        if (fragment.length >= 3) out.push(fragment);
        break;
      }
      case 'chinese': {
        if (!p.chineseName) break;
        const start = Math.floor(random() * (p.chineseName.length - 1));
        out.push(p.chineseName.slice(start, start + 2));
        break;
      }
      case 'phone': {
        const length = 4 + Math.floor(random() * 3);
        const start = Math.floor(random() * (p.phone.length - length + 1));
        out.push(p.phone.slice(start, start + length));
        break;
      }
      case 'card':
        if (p.cardNumber) out.push(p.cardNumber);
        break;
    }
  }
  return out;
}

export interface LoadFigures {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  requests: number;
}

/** HTTP load where every request asks for the next keyword of the list (shared by all connections). */
export async function searchLoad(
  base: string,
  token: string,
  keywords: readonly string[],
  opts: { connections: number; seconds: number },
): Promise<LoadFigures> {
  let next = 0;
  const times: number[] = [];
  let finish: (r: autocannon.Result) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: base,
      connections: opts.connections,
      duration: opts.seconds,
      headers: { authorization: `Bearer ${token}` },
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const keyword = keywords[next++ % keywords.length]!;
            return { ...req, path: `/api/v1/pro/students?keyword=${encodeURIComponent(keyword)}` };
          },
        },
      ],
    },
    (err, result) => (err ? fail(err) : finish(result)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
  const result = await done;
  times.sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p95: Math.round(percentile(times, 95) * 10) / 10,
    p99: Math.round(percentile(times, 99) * 10) / 10,
    non2xx: result.non2xx,
    requests: times.length,
  };
}
