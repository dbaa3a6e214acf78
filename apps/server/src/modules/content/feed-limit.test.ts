/**
 * The public feeds need no sign-in: an address asking far more than a website's visitors would is
 * refused 429 (with when to come back) before any query, while other addresses and the rest of
 * the public API are served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext;
let org: TestOrganisation;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_FEED_REQUESTS_PER_ADDRESS_PER_MINUTE: '5' });
  org = await ctx.newOrganisation();
});
afterAll(() => ctx?.close());

const get = (url: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/public${url}`, remoteAddress });

describe('the public feeds’ limit per address', () => {
  it('refuses the request past the limit with 429 and Retry-After, and serves another address', async () => {
    const news = `/${org.initial.toLowerCase()}/news?center=A`;
    for (let i = 0; i < 5; i += 1) expect((await get(news, '203.0.113.7')).statusCode).toBe(200);
    const refused = await get(`/${org.initial.toLowerCase()}/slides?center=A`, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(news, '203.0.113.8')).statusCode).toBe(200);
    // Other public pages are not counted with the feeds.
    expect((await get('/pay-links/not-a-real-token-at-all-000000', '203.0.113.7')).statusCode).not.toBe(429);
  });
});
