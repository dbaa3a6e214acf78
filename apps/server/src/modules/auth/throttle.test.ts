import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles } from '../../db/schema/index.ts';
import { startOrganisation, TEST_PASSWORD, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { checkProperty } from '../../test/property.ts';

let ctx: TestContext, org: TestOrganisation;

// The defaults: 5 guesses per account and address, 30 per address, 20 per account from all addresses.
beforeAll(async () => ({ ctx, org } = await startOrganisation()));
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
    // Four checked and wrong, the fifth checked, wrong and locking, the other 45 refused unchecked:
    // 25 for the account (423), the 20 past the address's 30 guesses because the address is slowed (429).
    expect(codes.filter((c) => c === 401)).toHaveLength(4);
    expect(codes.filter((c) => c === 423)).toHaveLength(26);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    // The address is slowed; past its wait, the account is still locked there.
    expect((await login(user.email, TEST_PASSWORD, '10.0.0.50')).statusCode).toBe(429);
    await passSpacing('10.0.0.50');
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

  it('many addresses together pause an account for one minute at most, and only for the addresses guessing at it', async () => {
    const user = await org.newUser({ role: 'manager' });
    const codes: number[] = [];
    for (let i = 1; i <= 21; i++) codes.push((await login(user.email, 'nope', `10.2.0.${i}`)).statusCode);
    expect(codes.slice(0, 19).every((c) => c === 401)).toBe(true);
    expect(codes.slice(19)).toEqual([423, 423]);
    // A guessing address is refused, unchecked, for a minute at most...
    const guesser = await login(user.email, TEST_PASSWORD, '10.2.0.1');
    expect(guesser.statusCode).toBe(423);
    expect(guesser.json().retryAfterSeconds).toBeLessThanOrEqual(60);
    // ...while the owner, from an address that has not guessed, gets in.
    expect((await login(user.email, TEST_PASSWORD, '10.2.1.1')).statusCode).toBe(200);
  });

  it('20 wrong passwords from five addresses do not pause the owner signing in from a clean address (32.5)', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    for (let round = 0; round < 4; round++) {
      for (let a = 1; a <= 5; a++) await login(user.email, `wrong ${round}`, `10.5.0.${a}`);
    }
    const owner = await login(user.email, TEST_PASSWORD, '10.5.9.9');
    expect(owner.statusCode, owner.body).toBe(200);
    // A minute later the attack comes again: the owner still gets in.
    for (let a = 1; a <= 5; a++) await login(user.email, 'again', `10.5.1.${a}`);
    expect((await login(user.email, TEST_PASSWORD, '10.5.9.8')).statusCode).toBe(200);
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

/** The device cookie a successful sign-in sets, as the browser sends it back. */
function deviceCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'gym_device');
  if (!cookie) throw new Error('no device cookie');
  return `gym_device=${cookie.value}`;
}

const signIn = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/login',
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

describe('a shared address (32.4)', () => {
  it('30 failed sign-ins from one address slow the address (429, its own code) but never lock a browser that signed in before', async () => {
    const colleague = await org.newUser({ role: 'frontdesk' });
    const newcomer = await org.newUser({ role: 'trainer' });
    const desk = deviceCookieOf(await signIn(colleague.email, TEST_PASSWORD, '10.6.0.1'));
    for (let i = 0; i < 30; i++) {
      expect((await signIn(`nobody${i}@nowhere.test`, 'guess', '10.6.0.1')).statusCode).toBe(401);
    }
    // The address is slowed: the next guess, whatever the account, waits.
    const slowed = await signIn('nobody@nowhere.test', 'guess', '10.6.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toBe('sign_in_slowed');
    expect(slowed.json().retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(slowed.json().retryAfterSeconds).toBeLessThanOrEqual(10);
    expect(slowed.headers['retry-after']).toBe(String(slowed.json().retryAfterSeconds));
    // The colleague's browser, which signed in before, gets in at once.
    expect((await signIn(colleague.email, TEST_PASSWORD, '10.6.0.1', desk)).statusCode).toBe(200);
    // A colleague on a new browser waits a few seconds, not 15 minutes: one guess per spacing.
    expect((await signIn(newcomer.email, TEST_PASSWORD, '10.6.0.1')).statusCode).toBe(429);
    await passSpacing('10.6.0.1');
    expect((await signIn(newcomer.email, TEST_PASSWORD, '10.6.0.1')).statusCode).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is set on a successful sign-in: HttpOnly, SameSite=Strict, sent to the sign-in calls only, naming the account', async () => {
    const user = await org.newUser({ role: 'manager' });
    const res = await signIn(user.email, TEST_PASSWORD, '10.7.0.1');
    const cookie = res.cookies.find((c) => c.name === 'gym_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/jwt' });
    expect(cookie!.maxAge).toBeGreaterThan(30 * 86_400);
    expect(cookie!.value).toContain(user.id);
    // A failed sign-in sets none.
    expect((await signIn(user.email, 'wrong', '10.7.0.1')).cookies).toEqual([]);
  });

  it('keeps its browser signing in while strangers at the same address lock the account there', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const mine = deviceCookieOf(await signIn(user.email, TEST_PASSWORD, '10.7.1.1'));
    for (let i = 0; i < 6; i++) await signIn(user.email, 'stranger', '10.7.1.1');
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.1.1')).statusCode).toBe(423);
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.1.1', mine)).statusCode).toBe(200);
  });

  it('keeps its browser signing in while many addresses pause the account, even from a guessing address', async () => {
    const user = await org.newUser({ role: 'manager' });
    const mine = deviceCookieOf(await signIn(user.email, TEST_PASSWORD, '10.7.2.1'));
    for (let i = 1; i <= 21; i++) await signIn(user.email, 'nope', `10.7.2.${i}`);
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.2.3')).statusCode).toBe(423);
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.2.3', mine)).statusCode).toBe(200);
  });

  it('counts its own guesses apart: five wrong ones lock that browser, not the account elsewhere', async () => {
    const user = await org.newUser({ role: 'trainer' });
    const mine = deviceCookieOf(await signIn(user.email, TEST_PASSWORD, '10.7.3.1'));
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(user.email, 'fat fingers', '10.7.3.1', mine)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 423, 423]);
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.3.1', mine)).statusCode).toBe(423);
    // The same address without that browser's cookie, and any other address, are not locked by it.
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.3.1')).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.3.2')).statusCode).toBe(200);
  });

  it('helps only the account it names, and only when the server signed it', async () => {
    const user = await org.newUser({ role: 'manager' });
    const other = await org.newUser({ role: 'manager' });
    const mine = deviceCookieOf(await signIn(user.email, TEST_PASSWORD, '10.7.4.1'));
    for (let i = 0; i < 6; i++) await signIn(other.email, 'stranger', '10.7.4.1');
    // A cookie for another account of this browser does not open this one.
    expect((await signIn(other.email, TEST_PASSWORD, '10.7.4.1', mine)).statusCode).toBe(423);
    // A cookie naming the account with a forged signature is no cookie.
    const forged = `gym_device=${other.id}.${'A'.repeat(22)}.${'B'.repeat(43)}`;
    expect((await signIn(other.email, TEST_PASSWORD, '10.7.4.1', forged)).statusCode).toBe(423);
    // A browser used by both keeps both: after the other signs in elsewhere from it, both entries are there.
    const both = deviceCookieOf(await signIn(other.email, TEST_PASSWORD, '10.7.4.2', mine));
    expect(both).toContain(user.id);
    expect(both).toContain(other.id);
    expect((await signIn(other.email, TEST_PASSWORD, '10.7.4.1', both)).statusCode).toBe(200);
  });
});

/** Moves the address's slowdown past, as the seconds it names would (no wait in the test). */
async function passSpacing(address: string) {
  await ctx.database.db
    .update(loginThrottles)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginThrottles.key, `ip:${address}`));
}

describe('no stranger locks an account’s owner out', () => {
  it('whatever strangers guess, from whichever addresses (the owner’s own among them), the owner’s browser gets in, and so does a clean address', async () => {
    let run = 0;
    await checkProperty(
      'the owner signs in after any guesses of strangers',
      fc.asyncProperty(
        fc.array(
          fc.record({
            // Eight addresses; the strangers use the owner's (address 0) too, as colleagues share one.
            address: fc.integer({ min: 0, max: 7 }),
            target: fc.constantFrom('owner', 'colleague', 'nobody'),
            right: fc.boolean(),
          }),
          { maxLength: 45 },
        ),
        async (guesses) => {
          run += 1;
          const net = `10.8.${run}`;
          const owner = await org.newUser({ role: 'frontdesk' });
          const colleague = await org.newUser({ role: 'trainer' });
          const browser = deviceCookieOf(await signIn(owner.email, TEST_PASSWORD, `${net}.0`));
          for (const g of guesses) {
            const email =
              g.target === 'owner' ? owner.email : g.target === 'colleague' ? colleague.email : 'x@nowhere.test';
            // Strangers never know the owner's password; they may know a colleague's (a colleague signing in).
            const password = g.right && g.target === 'colleague' ? TEST_PASSWORD : 'a guess';
            const res = await signIn(email, password, `${net}.${g.address}`);
            if (res.statusCode >= 500) return false;
          }
          const fromBrowser = await signIn(owner.email, TEST_PASSWORD, `${net}.0`, browser);
          const fromCleanAddress = await signIn(owner.email, TEST_PASSWORD, `${net}.200`);
          return fromBrowser.statusCode === 200 && fromCleanAddress.statusCode === 200;
        },
      ),
      { numRuns: 12 },
    );
  });
});
