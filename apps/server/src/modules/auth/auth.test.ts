import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, passwordResetTokens, refreshTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext;
let org: TestOrganisation;

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  org = await ctx.newOrganisation();
});
afterAll(() => ctx?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-in', () => {
  it('answers userData with role and ability, and tokens that open the API', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const res = await post('/api/v1/jwt/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userData).toMatchObject({ id: user.id, role: 'frontdesk', organisation: { id: org.id } });
    expect(body.userData.ability).toContainEqual({ action: 'read', subject: 'ACL' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers: ctx.bearer(body) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });

  it('records the time of the last sign-in, which the staff screens show', async () => {
    const user = await org.newUser({ role: 'accountant' });
    const admin = await (await org.newUser({ role: 'admin' })).login();
    const lastLogin = async () =>
      (await ctx.app.inject({ url: `/api/v1/pro/staff/${user.id}`, headers: ctx.bearer(admin) })).json().lastLoginAt;
    expect(await lastLogin()).toBeNull();
    const before = Date.now();
    await user.login();
    expect(Date.parse(await lastLogin())).toBeGreaterThanOrEqual(before - 1000);
  });

  it('invited staff without a password cannot sign in, whatever they type', async () => {
    const admin = await (await org.newUser({ role: 'admin' })).login();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/staff',
      headers: ctx.bearer(admin),
      payload: { fullName: 'New Starter', email: 'starter@invite.test', role: 'frontdesk', sendInvite: false },
    });
    expect(created.statusCode).toBe(201);
    // Two tries: this file locks an account at the third failure.
    for (const password of ['decoy-password-for-timing', TEST_PASSWORD]) {
      const res = await post('/api/v1/jwt/login', { email: 'starter@invite.test', password: password || 'x' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses a wrong password with the translated-code error shape', async () => {
    const user = await org.newUser({ role: 'trainer' });
    const res = await post('/api/v1/jwt/login', { email: user.email, password: 'wrong' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_credentials', message: 'Email or Password is Invalid' });
  });

  it('refuses a deactivated account', async () => {
    const user = await org.newUser({ role: 'trainer', active: false });
    const res = await post('/api/v1/jwt/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account_inactive');
  });

  it('locks an account after repeated failures, even for the right password, and tells how long', async () => {
    const user = await org.newUser({ role: 'trainer' });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await post('/api/v1/jwt/login', { email: user.email, password: 'nope' })).statusCode);
    expect(codes).toEqual([401, 401, 423]);
    const locked = await post('/api/v1/jwt/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toBe('account_locked');
    expect(locked.json().retryAfterSeconds).toBeGreaterThan(60);
    expect(locked.headers['retry-after']).toBeDefined();
    // Another account from the same address is not affected by this account's lock.
    const other = await org.newUser({ role: 'trainer' });
    expect((await post('/api/v1/jwt/login', { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('slows an address that tries many accounts (429 sign_in_slowed), not the accounts elsewhere', async () => {
    const local = await createTestContext({
      LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100',
    });
    try {
      const o = await local.newOrganisation();
      const victim = await o.newUser({ role: 'admin' });
      for (let i = 0; i < 4; i++) {
        await local.app.inject({
          method: 'POST',
          url: '/api/v1/jwt/login',
          payload: { email: `nobody${i}@x.test`, password: 'x' },
          remoteAddress: '10.9.9.9',
        });
      }
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/login',
        payload: { email: victim.email, password: TEST_PASSWORD },
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe('sign_in_slowed');
      const fromElsewhere = await local.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/login',
        payload: { email: victim.email, password: TEST_PASSWORD },
        remoteAddress: '10.1.1.1',
      });
      expect(fromElsewhere.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: the new pair works, the access token is new', async () => {
    const user = await org.newUser({ role: 'manager' });
    const first = await user.login();
    const res = await post('/api/v1/jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(Object.keys(second).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const again = await post('/api/v1/jwt/refresh-token', { refreshToken: second.refreshToken });
    expect(again.statusCode).toBe(200);
  });

  it('two refreshes with the same token at the same moment get the same new pair, and the session lives on', async () => {
    const user = await org.newUser({ role: 'manager' });
    const first = await user.login();
    const [a, b] = await Promise.all([
      post('/api/v1/jwt/refresh-token', { refreshToken: first.refreshToken }),
      post('/api/v1/jwt/refresh-token', { refreshToken: first.refreshToken }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    // A refresh retried after its answer was lost gets that pair again.
    const retried = await post('/api/v1/jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(a.json());
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers: ctx.bearer(a.json()) });
    expect(me.statusCode).toBe(200);
    expect((await post('/api/v1/jwt/refresh-token', { refreshToken: a.json().refreshToken })).statusCode).toBe(200);
  });

  it('a rotated token presented again after a few seconds, from another browser, or once its successor was used, revokes the family', async () => {
    const user = await org.newUser({ role: 'manager' });
    const rotated = async () => {
      const session = await user.login();
      const next = (await post('/api/v1/jwt/refresh-token', { refreshToken: session.refreshToken })).json();
      return { session, next };
    };
    const revoked = async (next: { accessToken: string; refreshToken: string }) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers: ctx.bearer(next) })).statusCode === 401;

    // Later: the rotation is moved back past the grace.
    const late = await rotated();
    await ctx.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(late.session.refreshToken)));
    expect((await post('/api/v1/jwt/refresh-token', { refreshToken: late.session.refreshToken })).statusCode).toBe(401);
    expect(await revoked(late.next)).toBe(true);

    // Another browser (a stolen token) at once.
    const elsewhere = await rotated();
    const thief = await post(
      '/api/v1/jwt/refresh-token',
      { refreshToken: elsewhere.session.refreshToken },
      { 'user-agent': 'Another browser' },
    );
    expect(thief.statusCode).toBe(401);
    expect(await revoked(elsewhere.next)).toBe(true);

    // The successor was already used: the client had the answer.
    const used = await rotated();
    expect((await post('/api/v1/jwt/refresh-token', { refreshToken: used.next.refreshToken })).statusCode).toBe(200);
    expect((await post('/api/v1/jwt/refresh-token', { refreshToken: used.session.refreshToken })).statusCode).toBe(401);
    expect(await revoked(used.next)).toBe(true);
  });

  it('reuse of a rotated token revokes the whole family, including the newest tokens', async () => {
    const user = await org.newUser({ role: 'manager' });
    const first = await user.login();
    const second = (await post('/api/v1/jwt/refresh-token', { refreshToken: first.refreshToken })).json();
    // Presented again past the grace for a retried refresh.
    await ctx.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refreshToken)));
    const reuse = await post('/api/v1/jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe('token_invalid');
    // The thief's (or the victim's) newest refresh token no longer works either...
    expect((await post('/api/v1/jwt/refresh-token', { refreshToken: second.refreshToken })).statusCode).toBe(401);
    // ...and nor does the access token of that family.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers: ctx.bearer(second) });
    expect(me.statusCode).toBe(401);
    // A separate sign-in of the same user is another family and is untouched.
    const other = await user.login();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers: ctx.bearer(other) })).statusCode,
    ).toBe(200);
  });

  it('logout revokes the family: refresh and access tokens stop working', async () => {
    const user = await org.newUser({ role: 'accountant' });
    const session = await user.login();
    const out = await post('/api/v1/jwt/logout', { refreshToken: session.refreshToken });
    expect(out.statusCode).toBe(204);
    expect((await post('/api/v1/jwt/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers: ctx.bearer(session) });
    expect(me.statusCode).toBe(401);
  });

  it('an unknown refresh token is refused', async () => {
    const res = await post('/api/v1/jwt/refresh-token', { refreshToken: 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
  });

  it('an expired access token answers 401 token_expired', async () => {
    const short = await createTestContext({ ACCESS_TOKEN_TTL_SECONDS: '1' });
    try {
      const o = await short.newOrganisation();
      const session = await (await o.newUser({ role: 'admin' })).login();
      await new Promise((r) => setTimeout(r, 2100));
      const me = await short.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers: short.bearer(session) });
      expect(me.statusCode).toBe(401);
      expect(me.json().error).toBe('token_expired');
    } finally {
      await short.close();
    }
  });
});

describe('password reset', () => {
  async function requestLink(email: string): Promise<string> {
    const res = await post('/api/v1/jwt/forgot-password', { email });
    expect(res.statusCode).toBe(202);
    const [mail] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, email))
      .orderBy(outboxEmails.createdAt);
    expect(mail).toBeDefined();
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it('sends a link by e-mail that sets a new password once, and signs out open sessions', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const session = await user.login();
    const token = await requestLink(user.email);
    const reset = await post('/api/v1/jwt/reset-password', { token, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/v1/jwt/login', { email: user.email, password: 'a brand new secret' });
    expect(login.statusCode).toBe(200);
    expect((await post('/api/v1/jwt/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/v1/jwt/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    // Single use.
    const second = await post('/api/v1/jwt/reset-password', { token, password: 'yet another secret' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('token_invalid');
  });

  it('an expired link is refused and changes nothing', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const token = await requestLink(user.email);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await post('/api/v1/jwt/reset-password', { token, password: 'a brand new secret' });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe('token_expired');
    expect((await post('/api/v1/jwt/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await post('/api/v1/jwt/forgot-password', { email: 'nobody@nowhere.test' });
    expect(res.statusCode).toBe(202);
    const mails = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'nobody@nowhere.test'));
    expect(mails).toHaveLength(0);
  });
});

describe('organisation registration', () => {
  it('creates an organisation with its admin, who then signs in', async () => {
    const res = await post('/api/v1/jwt/register', {
      organisationName: 'Iron Temple',
      initial: 'it',
      fullName: 'Ivy Owner',
      email: 'ivy@irontemple.test',
      password: 'long enough',
      currencyCode: 'EUR',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const signIn = await post('/api/v1/jwt/login', { email: 'ivy@irontemple.test', password: 'long enough' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().userData).toMatchObject({
      role: 'admin',
      organisation: { name: 'Iron Temple', initial: 'IT' },
    });
    const dup = await post('/api/v1/jwt/register', {
      organisationName: 'Other',
      initial: 'IT',
      fullName: 'X',
      email: 'other@irontemple.test',
      password: 'long enough',
      currencyCode: 'EUR',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: 'initial_taken', fields: [{ path: 'initial' }] });
  });

  it('can be switched off by configuration', async () => {
    const closed = await createTestContext({ REGISTRATION_OPEN: 'false' });
    try {
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/v1/jwt/register',
        payload: {
          organisationName: 'Nope Gym',
          initial: 'NG',
          fullName: 'N',
          email: 'n@ng.test',
          password: 'long enough',
          currencyCode: 'EUR',
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('registration_closed');
    } finally {
      await closed.close();
    }
  });
});

describe('own account', () => {
  it('changes name and preferences, and the password with the current one', async () => {
    const user = await org.newUser({ role: 'trainer' });
    const session = await user.login();
    const headers = ctx.bearer(session);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/pro/me',
      headers,
      payload: { fullName: 'Tina Trainer', preferences: { language: 'zh-Hant', skin: 'semi-dark' } },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      fullName: 'Tina Trainer',
      preferences: { language: 'zh-Hant', skin: 'semi-dark', layout: 'vertical' },
    });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/me/password',
      headers,
      payload: { currentPassword: 'not it', newPassword: 'something new' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fields[0].path).toBe('currentPassword');
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/me/password',
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'something new' },
    });
    expect(ok.statusCode).toBe(204);
    // This session goes on.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/pro/me', headers })).statusCode).toBe(200);
  });
});
