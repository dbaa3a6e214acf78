import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDb } from '../../lib/tenant-db.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { allocateMemberCodes } from './member-code.ts';

let ctx: TestContext;
let org: TestOrganisation;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
  const settings = JSON.stringify({ memberCodePattern: '{CENTER}{YYYY}{MM}{SEQ:4}' });
  await ctx.database.db.execute(
    sql`update organisations set settings = settings || ${settings}::jsonb where id = ${org.id}`,
  );
  await ctx.database.db.execute(
    sql`update centers set time_zone = 'Asia/Hong_Kong' where organisation_id = ${org.id} and code = 'A'`,
  );
  await ctx.database.db.execute(
    sql`update centers set time_zone = 'America/Sao_Paulo' where organisation_id = ${org.id} and code = 'B'`,
  );
});
afterAll(() => ctx?.close());

describe('member code {YYYY}/{MM}', () => {
  it('is the home centre’s business date: 00:30 on 1 January in Hong Kong is already the new year', async () => {
    // 2026-12-31T16:30Z is 00:30 on 1 January 2027 in Hong Kong and 13:30 on 31 December in São Paulo.
    const now = new Date('2026-12-31T16:30:00Z');
    const [hongKong, saoPaulo] = await ctx.database.db.transaction((tx) =>
      allocateMemberCodes(tenantDb(tx, { organisationId: org.id, centerIds: null }), { centerCodes: ['A', 'B'], now }),
    );
    expect(hongKong).toMatch(/^A202701\d{4}$/);
    expect(saoPaulo).toMatch(/^B202612\d{4}$/);
  });
});
