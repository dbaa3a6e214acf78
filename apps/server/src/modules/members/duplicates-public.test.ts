import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { type Api, apiAs } from './test-helpers.ts';

let ctx: TestContext;
let org: TestOrganisation;
let desk: Api;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
  desk = await apiAs(ctx, await org.newUser({ role: 'frontdesk' }));
});
afterAll(() => ctx?.close());

const register = (over: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/register/${org.initial}/A`,
    remoteAddress: `198.51.100.${++ip}`,
    payload: {
      firstName: 'Siu Ming',
      lastName: 'Lee',
      phone: '9876 1111',
      email: 'siuming@example.com',
      language: 'en',
      privacyAccepted: true,
      ...over,
    },
  });

type Item = { id: string; code: string; possibleDuplicateOf?: string | null; createdAt: string };
const listed = async (keyword: string) =>
  (await desk.get(`/students?keyword=${encodeURIComponent(keyword)}&sort=createdAt`)).json().items as Item[];

describe('public registration twice', () => {
  it('links the second registration to the first as a possible duplicate, on the list and the file', async () => {
    expect((await register()).statusCode).toBeLessThan(300);
    // The same person again, the phone typed another way.
    expect((await register({ phone: '+852 9876-1111' })).statusCode).toBeLessThan(300);
    const [first, second] = await listed('siuming@example.com');
    expect(first!.possibleDuplicateOf).toBeNull();
    expect(second!.possibleDuplicateOf).toBe(first!.id);
    const file = (await desk.get(`/students/${second!.id}`)).json();
    expect(file.possibleDuplicateOf).toBe(first!.id);

    // Someone else (other phone and e-mail) is not linked.
    await register({ firstName: 'Other', phone: '9876 2222', email: 'other@example.com' });
    const [other] = await listed('other@example.com');
    expect(other!.possibleDuplicateOf).toBeNull();
  });
});
