import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext;
let org: TestOrganisation;

// The defaults: 5 guesses per account and address, 30 per address, 20 per account from all addresses.
beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
});
afterAll(() => ctx?.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/jwt/login', payload: { email, password }, remoteAddress });

describe('sign-in throttle', () => {
  it('counts a burst of parallel wrong guesses in full: only 5 are checked, then the right password is refused', async () => {
    const user = await org.newUser({ role: 'trainer' });
    // Counts the password checks the server makes (the real hasher still answers).
    const { hasher } = ctx.deps;
    const verify = hasher.verify;
    let checks = 0;
    hasher.verify = (hash, password) => {
      checks += 1;
      return verify.call(hasher, hash, password);
    };
    let codes: number[];
    try {
      const burst = await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(user.email, `wrong ${i}`, '10.0.0.50')),
      );
      codes = burst.map((r) => r.statusCode);
    } finally {
      hasher.verify = verify;
    }
    expect(checks).toBe(5);
    // Four checked and wrong, the fifth checked, wrong and locking, the other 45 refused unchecked.
    expect(codes.filter((c) => c === 401)).toHaveLength(4);
    expect(codes.filter((c) => c === 423)).toHaveLength(46);
    const right = await login(user.email, TEST_PASSWORD, '10.0.0.50');
    expect(right.statusCode).toBe(423);
    expect(right.json().error).toBe('account_locked');
    expect(right.json().retryAfterSeconds).toBeGreaterThan(60);
  });

  it('wrong guesses from other addresses do not lock the owner out', async () => {
    const user = await org.newUser({ role: 'manager' });
    for (let i = 1; i <= 5; i++) expect((await login(user.email, 'nope', `10.1.0.${i}`)).statusCode).toBe(401);
    const owner = await login(user.email, TEST_PASSWORD, '10.1.0.6');
    expect(owner.statusCode).toBe(200);
  });

  it('many addresses together pause an account for one minute at most', async () => {
    const user = await org.newUser({ role: 'manager' });
    const codes: number[] = [];
    for (let i = 1; i <= 21; i++) codes.push((await login(user.email, 'nope', `10.2.0.${i}`)).statusCode);
    expect(codes.slice(0, 19).every((c) => c === 401)).toBe(true);
    expect(codes.slice(19)).toEqual([423, 423]);
    const owner = await login(user.email, TEST_PASSWORD, '10.2.1.1');
    expect(owner.statusCode).toBe(423);
    expect(owner.json().retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('a success forgets the failures of this address on the account, and is no failure of the address', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(user.email, 'nope', '10.3.0.1')).statusCode).toBe(401);
      expect((await login(user.email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    }
  });
});

describe('current-password guesses', () => {
  it('are counted before the check: a parallel burst gets 5 checks, then even the right one is refused', async () => {
    const user = await org.newUser({ role: 'trainer' });
    const headers = ctx.bearer(await user.login());
    const change = (currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/pro/me/password',
        headers,
        payload: { currentPassword, newPassword: 'a whole new secret' },
      });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`guess ${i}`)));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(4);
    expect(codes.filter((c) => c === 423)).toHaveLength(16);
    const right = await change(TEST_PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ error: 'account_locked' });
    expect(right.json().retryAfterSeconds).toBeGreaterThan(60);
    // The password did not change.
    expect((await login(user.email, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('a right current password clears the count', async () => {
    const user = await org.newUser({ role: 'trainer' });
    const headers = ctx.bearer(await user.login());
    let current = TEST_PASSWORD;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        const wrong = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/pro/me/password',
          headers,
          payload: { currentPassword: 'not it', newPassword: 'whatever it is' },
        });
        expect(wrong.statusCode).toBe(401);
      }
      const next = `new secret number ${round}`;
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/pro/me/password',
        headers,
        payload: { currentPassword: current, newPassword: next },
      });
      expect(ok.statusCode).toBe(204);
      current = next;
    }
  });
});
