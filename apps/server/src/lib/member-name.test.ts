import { formatMemberName } from '@gym/contract/names';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { memberNameSql } from './member-name.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const NAMES: [string, string][] = [
  ['Mary', 'Wong'],
  ['Tai Man', 'Chan'],
  ['嘉欣', '張'],
  ['大文', '陳'],
  ['小明', '司馬'],
  // Han with a middle dot, and a rare ideograph outside the basic block (U+20BB7).
  ['·阿里', '買買提'],
  ['𠮷', '田'],
  // Mixed scripts read as written.
  ['嘉欣', 'Cheung'],
  ['Mary', '黃'],
  ['Siu Ming', ''],
  ['さくら', '山田'],
];

describe('a member’s name in SQL', () => {
  it('reads as the contract’s formatMemberName: Latin given name first, Han family name first without a space', async () => {
    for (const [firstName, lastName] of NAMES) {
      const result = await ctx.database.db.execute(
        sql`select ${memberNameSql(sql`${firstName}::text`, sql`${lastName}::text`)} as name`,
      );
      const [row] = (result as unknown as { rows: { name: string }[] }).rows;
      expect(row?.name, `${firstName} / ${lastName}`).toBe(formatMemberName({ firstName, lastName }));
    }
    expect(formatMemberName({ firstName: '嘉欣', lastName: '張' })).toBe('張嘉欣');
  });
});
