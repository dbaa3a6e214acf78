/**
 * `npx tsx bench/explain-search.ts`: the plans of the member list's two statements (the page and the
 * capped total) for each kind of keyword, with EXPLAIN (ANALYZE, BUFFERS), on a throw-away
 * PostgreSQL 15 server holding BENCH_MEMBERS generated members (default 200,000).
 * BENCH_DATABASE_URL=postgres://... uses that database instead and keeps it: the members are
 * generated into it once, the next runs reuse them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memberListQuerySchema } from '@gym/contract/members';
import { desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { centers, members, organisations } from '../apps/server/src/db/schema/index.ts';
import { tenantDb } from '../apps/server/src/lib/tenant-db.ts';
import { cappedCount, pageStatement, relevanceFilters } from '../apps/server/src/modules/members/queries.ts';
import { createServer } from '../apps/server/src/server.ts';
import { startPostgres } from '../apps/server/src/test/postgres-server.ts';
import { keywordsOf, seedSearchMembers } from './member-search.ts';

const memberCount = Number(process.env.BENCH_MEMBERS ?? 200_000);
const dataDir = mkdtempSync(join(tmpdir(), 'gym-explain-'));
const kept = process.env.BENCH_DATABASE_URL;
const pg = kept ? { url: kept, stop() {} } : await startPostgres();
const server = await createServer(
  loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: pg.url,
  }),
  { logger: false },
);
try {
  const db = server.deps.database.db;
  const seeded = await seedSearchMembers(db, 'DF', memberCount, undefined, Boolean(kept));
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.initial, 'DF'));
  const centerIds = (await db.select({ id: centers.id }).from(centers).where(eq(centers.organisationId, org!.id))).map(
    (c) => c.id,
  );
  const auth = { organisationId: org!.id, centerIds };
  const explain = async (label: string, statement: SQLWrapper) => {
    const result = (await db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as
      | { rows: Record<string, string>[] }
      | Record<string, string>[];
    const rows = Array.isArray(result) ? result : result.rows;
    console.log(`\n--- ${label}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  };
  for (const kind of ['common', 'latin', 'chinese', 'phone', 'card', 'code'] as const) {
    const keyword = keywordsOf(kind, seeded.sample, undefined, memberCount)[0]!;
    const q = memberListQuerySchema.parse({ keyword });
    const relevance = await relevanceFilters(tenantDb(db, auth), q);
    if (!relevance) continue;
    const { where, tiers, rank, prefixCount } = relevance;
    await explain(`${kind} "${keyword}": total of the family-name prefix matches (capped)`, sql`select ${prefixCount}`);
    await explain(
      `${kind} "${keyword}": total of the family-name prefix matches (capped, again, warm)`,
      sql`select ${prefixCount}`,
    );
    await explain(
      `${kind} "${keyword}": page ranked in one statement (when the total is under the cap)`,
      pageStatement(db, where, [rank, desc(members.createdAt), desc(members.id)], 20, 0),
    );
    for (const [i, tier] of tiers.entries()) {
      if (!tier) continue;
      const page = pageStatement(db, tier, [desc(members.createdAt), desc(members.id)], 20, 0);
      await explain(`${kind} "${keyword}": page, relevance tier ${i}`, page);
      await explain(`${kind} "${keyword}": page, relevance tier ${i} (again, warm)`, page);
    }
    await explain(`${kind} "${keyword}": total (capped)`, cappedCount(db, where));
    await explain(`${kind} "${keyword}": total (capped, again, warm)`, cappedCount(db, where));
  }
} finally {
  await server.close();
  pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
