import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import { startOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { backfillMemberPhones } from './phone-backfill.ts';
import { type Api, callerOf } from './test-helpers.ts';

let ctx: TestContext, org: TestOrganisation, desk: Api, centerId: string;

beforeAll(async () => {
  ({ ctx, org, centerA: centerId } = await startOrganisation());
  desk = await callerOf(ctx, org, 'frontdesk');
});
afterAll(() => ctx?.close());

const ids = async (keyword: string) =>
  ((await desk.get(`/students?keyword=${encodeURIComponent(keyword)}`)).json().items as { id: string }[]).map(
    (m) => m.id,
  );

/** The desk registers a member at centre A with the phone as typed. */
const register = (firstName: string, lastName: string, phone: string) =>
  desk.post('/students', { firstName, lastName, phone, homeCenterId: centerId });

describe('phones in one stored form', () => {
  it('stores a number typed without a country in E.164 with the home centre country, and finds it by any typed form', async () => {
    const res = await register('Kar', 'Yan', '6123 9876');
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json();
    expect(member.phone).toBe('+85261239876');
    for (const typed of ['6123 9876', '61239876', '+852 6123 9876', '+85261239876']) {
      expect(await ids(typed), typed).toContain(member.id);
    }
    // The same person typed another way is a duplicate, not a second record.
    const again = await register('Kar', 'Yan', '+852 6123-9876');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('duplicate_member');

    const edited = await desk.patch(`/students/${member.id}`, { phone: '(852) 9876 5432' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().phone).toBe('+85298765432');
  });

  it('normalises rows stored as typed at start-up, once', async () => {
    const res = await register('Old', 'Row', '5555 0000');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    // A row from before normalisation, as the old code stored it.
    await ctx.database.db
      .update(members)
      .set({ phone: '5555 1234', phoneDigits: '55551234' })
      .where(eq(members.id, id));
    expect(await backfillMemberPhones(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(members).where(eq(members.id, id));
    expect(row).toMatchObject({ phone: '+85255551234', phoneDigits: '85255551234' });
    expect(await ids('+852 5555 1234')).toContain(id);
    expect(await backfillMemberPhones(ctx.database.db)).toBe(0);
  });
});
