import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';

const JWT_SECRET = 'a-test-only-signing-key-of-enough-length-0123456789';
const key = new TextEncoder().encode(JWT_SECRET);

let ctx: TestContext;
let org: TestOrganisation;

beforeAll(async () => {
  ctx = await createTestContext({ JWT_SECRET });
  org = await ctx.newOrganisation();
});
afterAll(() => ctx?.close());

describe('access tokens', () => {
  async function sign(claims: Record<string, unknown>, sub: string | null, exp: boolean) {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
    if (sub !== null) jwt = jwt.setSubject(sub);
    if (exp) jwt = jwt.setExpirationTime('10m');
    return jwt.sign(key);
  }
  const me = (token: string) =>
    ctx.app.inject({ url: '/api/v1/pro/me', headers: { authorization: `Bearer ${token}` } });
  /** What `/me` answers each forged token, by the forgery's name. */
  const answersTo = async (forgeries: Record<string, string>) => {
    const answers = [];
    for (const [name, token] of Object.entries(forgeries)) {
      const res = await me(token);
      answers.push({ name, status: res.statusCode, error: res.json().error });
    }
    return answers;
  };
  const refusedAsInvalid = (forgeries: Record<string, string>) =>
    Object.keys(forgeries).map((name) => ({ name, status: 401, error: 'token_invalid' }));

  it('a token signed with the key like the server signs it opens the API (the forgeries below differ only in one claim)', async () => {
    const session = await (await org.newUser({ role: 'admin' })).login();
    const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString());
    const token = await sign({ org: payload.org, fam: payload.fam }, payload.sub, true);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses with 401 token_invalid a token without exp, or with a sub, fam or org that is not a uuid', async () => {
    const session = await (await org.newUser({ role: 'admin' })).login();
    const {
      sub,
      org: orgId,
      fam,
    } = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString());
    const forgeries = {
      noExp: await sign({ org: orgId, fam }, sub, false),
      badSub: await sign({ org: orgId, fam }, 'not-a-uuid', true),
      noSub: await sign({ org: orgId, fam }, null, true),
      badFam: await sign({ org: orgId, fam: 'family' }, sub, true),
      numberFam: await sign({ org: orgId, fam: 42 }, sub, true),
      badOrg: await sign({ org: "x' or 1=1", fam }, sub, true),
    };
    expect(await answersTo(forgeries)).toEqual(refusedAsInvalid(forgeries));
  });

  it('refuses with 401 a well-formed token whose session family was never issued to its user', async () => {
    const session = await (await org.newUser({ role: 'admin' })).login();
    const { sub, org: orgId } = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString());
    const colleague = await (await org.newUser({ role: 'admin' })).login();
    const theirs = JSON.parse(Buffer.from(colleague.accessToken.split('.')[1]!, 'base64url').toString());
    const forgeries = {
      neverIssued: await sign({ org: orgId, fam: crypto.randomUUID() }, sub, true),
      anotherUsersFamily: await sign({ org: orgId, fam: theirs.fam }, sub, true),
    };
    expect(await answersTo(forgeries)).toEqual(refusedAsInvalid(forgeries));
    // The real sessions still work.
    expect((await me(session.accessToken)).statusCode).toBe(200);
    expect((await me(colleague.accessToken)).statusCode).toBe(200);
  });
});

describe('caching', () => {
  it('sign-in, refresh, own account, member and staff answers, and errors are no-store', async () => {
    const user = await org.newUser({ role: 'admin' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const tokens = login.json();
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/refresh-token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(200);
    const headers = ctx.bearer(refresh.json());
    const member = await org.newMember();
    const answers = [
      login,
      refresh,
      await ctx.app.inject({ url: '/api/v1/pro/me', headers }),
      await ctx.app.inject({ url: '/api/v1/pro/members', headers }),
      await ctx.app.inject({ url: `/api/v1/pro/members/${member.id}`, headers }),
      await ctx.app.inject({ url: '/api/v1/pro/staff', headers }),
      await ctx.app.inject({ url: `/api/v1/pro/staff/${user.id}`, headers }),
      await ctx.app.inject({ url: '/api/v1/pro/me' }),
      await ctx.app.inject({ method: 'POST', url: '/api/v1/jwt/login', payload: { email: 'x' } }),
    ];
    expect(answers.map((r, i) => `${i} ${r.statusCode} ${r.headers['cache-control']}`)).toEqual(
      answers.map((r, i) => `${i} ${r.statusCode} no-store`),
    );
  });
});

describe('a manager changes a colleague’s e-mail', () => {
  it('the old address is told, in the colleague’s language, what changed and by whom', async () => {
    const manager = await org.newUser({ role: 'admin' });
    const colleague = await org.newUser({ role: 'frontdesk' });
    const session = await manager.login();
    const editColleague = (payload: Record<string, string>) =>
      ctx.pro('PATCH', `/staff/${colleague.id}`, ctx.bearer(session), payload);
    const lang = await editColleague({ language: 'de' });
    expect(lang.statusCode).toBe(200);
    const res = await editColleague({ email: 'moved.elsewhere@example.test' });
    expect(res.statusCode).toBe(200);
    const mails = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, colleague.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ihre Anmelde-E-Mail-Adresse wurde geändert');
    expect(mails[0]!.text).toContain('moved.elsewhere@example.test');
    const by: string = (await ctx.app.inject({ url: '/api/v1/pro/me', headers: ctx.bearer(session) })).json().fullName;
    expect(by.length).toBeGreaterThan(0);
    expect(mails[0]!.text).toContain(by);
    // Saving the profile without a new address sends nothing more.
    await editColleague({ email: 'moved.elsewhere@example.test', fullName: 'Same Address' });
    const after = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, colleague.email));
    expect(after).toHaveLength(1);
  });
});
