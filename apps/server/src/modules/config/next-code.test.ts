import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { apiAs } from '../members/test-helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('next member code preview', () => {
  it('answers the number after the last code issued, not 1', async () => {
    const org = await ctx.newOrganisation();
    const admin = await apiAs(ctx, await org.newUser({ role: 'admin' }));
    expect((await admin.get('/config/next-member-code')).json()).toEqual({ nextSeq: 1 });
    const codes: string[] = [];
    for (const phone of ['61230001', '61230002', '61230003']) {
      const res = await admin.post('/students', {
        firstName: 'Seq',
        lastName: phone,
        phone,
        homeCenterId: org.centers[0]!.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(res.json().code);
    }
    expect(codes.at(-1)).toMatch(/000003$/);
    expect((await admin.get('/config/next-member-code')).json()).toEqual({ nextSeq: 4 });
  });

  it('is for those who may read the settings', async () => {
    const org = await ctx.newOrganisation();
    const trainer = await apiAs(ctx, await org.newUser({ role: 'trainer' }));
    expect((await trainer.get('/config/next-member-code')).statusCode).toBe(403);
  });
});
