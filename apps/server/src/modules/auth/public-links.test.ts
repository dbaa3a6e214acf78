import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/** A request that claims another host, directly and through proxy headers. */
const hostile = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

async function linksIn(ctx: TestContext, to: string): Promise<string[]> {
  const mails = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
  return mails.flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
}

describe.each<{ name: string; env: Record<string, string>; base: string }>([
  {
    name: 'PUBLIC_URL set, proxy trusted',
    env: { PUBLIC_URL: 'https://gym.example/', TRUST_PROXY: 'true' },
    base: 'https://gym.example/',
  },
  { name: 'PUBLIC_URL set', env: { PUBLIC_URL: 'https://gym.example' }, base: 'https://gym.example/' },
  { name: 'no PUBLIC_URL, proxy trusted', env: { TRUST_PROXY: 'true', PORT: '4123' }, base: 'http://localhost:4123/' },
])('links come from configuration, never from Host or X-Forwarded-* ($name)', ({ env, base }) => {
  it('forgot-password, a staff invitation and a card link are built on the public address', async () => {
    const ctx = await createTestContext(env);
    contexts.push(ctx);
    const org = await ctx.newOrganisation();
    const user = await org.newUser({ role: 'frontdesk' });
    const admin = ctx.bearer(await (await org.newUser({ role: 'admin' })).login());

    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/forgot-password',
      headers: hostile,
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(202);
    const resetLinks = await linksIn(ctx, user.email);
    expect(resetLinks).toHaveLength(1);
    expect(resetLinks[0]).toMatch(new RegExp(`^${base.replaceAll('.', '\\.')}reset-password-v1\\?token=`));

    const invitedEmail = `invited-${Date.now()}@links.test`;
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pro/staff',
      headers: { ...hostile, ...admin },
      payload: { fullName: 'Invited Person', email: invitedEmail, role: 'frontdesk', sendInvite: true },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const inviteLinks = await linksIn(ctx, invitedEmail);
    expect(inviteLinks).toHaveLength(1);
    expect(inviteLinks[0]!.startsWith(`${base}reset-password-v1?token=`)).toBe(true);

    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro/staff/${invite.json().id}/invite`,
      headers: { ...hostile, ...admin },
    });
    expect(resend.statusCode, resend.body).toBeLessThan(300);
    for (const link of await linksIn(ctx, invitedEmail)) expect(link.startsWith(base)).toBe(true);

    const member = await org.newMember();
    const card = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pro/students/${member.id}/card-link`,
      headers: { ...hostile, ...admin },
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().url.startsWith(`${base}card_link/${member.homeCenterId}/`)).toBe(true);

    const everything = JSON.stringify(await ctx.database.db.select().from(outboxEmails));
    expect(everything).not.toContain('evil.example');
  });
});

describe('PUBLIC_URL validation', () => {
  it('refuses an address that is not http(s) or carries a query', async () => {
    const { loadConfig, ConfigError } = await import('../../config.ts');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://gym.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'https://gym.example/?x=1' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://gym.example/office/' }).publicUrl).toBe('https://gym.example/office');
  });
});
