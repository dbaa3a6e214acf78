/**
 * The sessions a user sees and ends (`/pro/me/sessions`), and an administrator ending all of a
 * colleague's sessions (`/pro/staff/{id}/sign-out`).
 */
import type { SessionList } from '@gym/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { deviceName } from './device-name.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
let org: TestOrganisation;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation();
});
afterAll(() => ctx.close());

async function signIn(email: string, userAgent: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { accessToken: string; refreshToken: string };
}

const sessionsOf = async (tokens: { accessToken: string }) => {
  const res = await ctx.app.inject({ url: '/api/v1/pro/me/sessions', headers: ctx.bearer(tokens) });
  expect(res.statusCode).toBe(200);
  return (res.json() as SessionList).items;
};
const refresh = (tokens: { refreshToken: string }, userAgent = CHROME_WINDOWS) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/refresh-token',
    payload: { refreshToken: tokens.refreshToken },
    headers: { 'user-agent': userAgent },
  });

describe('my sessions', () => {
  it('lists each sign-in still open with its device, address and last use, this one first', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const desk = await signIn(user.email, CHROME_WINDOWS);
    const tablet = await signIn(user.email, SAFARI_IPAD);
    const items = await sessionsOf(tablet);
    expect(items.map((s) => [s.current, s.device])).toEqual([
      [true, 'Safari on iPad'],
      [false, 'Chrome on Windows'],
    ]);
    expect(items[1]!.address).toBe('127.0.0.1');
    expect(Date.parse(items[0]!.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    // A refresh is a use: the session stays one row, its last use moves on.
    const rotated = await refresh(desk);
    expect(rotated.statusCode).toBe(200);
    expect(await sessionsOf(tablet)).toHaveLength(2);
    // Signed out: no longer listed.
    await ctx.app.inject({ method: 'POST', url: '/api/v1/jwt/logout', payload: { refreshToken: tablet.refreshToken } });
    expect((await sessionsOf(rotated.json())).map((s) => s.device)).toEqual(['Chrome on Windows']);
  });

  it('ends another of my sessions: its refresh token and its access token are refused at once', async () => {
    const user = await org.newUser({ role: 'frontdesk' });
    const phone = await signIn(user.email, SAFARI_IPAD);
    const desk = await signIn(user.email, CHROME_WINDOWS);
    const [, other] = await sessionsOf(desk);
    const ended = await ctx.pro('DELETE', `/me/sessions/${other!.id}`, ctx.bearer(desk));
    expect(ended.statusCode).toBe(204);
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/pro/me', headers: ctx.bearer(phone) })).statusCode).toBe(401);
    expect((await sessionsOf(desk)).map((s) => s.current)).toEqual([true]);
    // Ended already, or never mine: not found, and nothing else ends.
    const again = await ctx.pro('DELETE', `/me/sessions/${other!.id}`, ctx.bearer(desk));
    expect(again.statusCode).toBe(404);
    const colleague = await org.newUser({ role: 'frontdesk' });
    const theirs = await signIn(colleague.email, CHROME_WINDOWS);
    const [their] = await sessionsOf(theirs);
    const notMine = await ctx.pro('DELETE', `/me/sessions/${their!.id}`, ctx.bearer(desk));
    expect(notMine.statusCode).toBe(404);
    expect((await refresh(theirs)).statusCode).toBe(200);
  });
});

describe("a colleague's sessions", () => {
  it('an administrator ends them all; a front desk may not; another organisation finds no such person', async () => {
    const admin = await (await org.newUser({ role: 'admin' })).login();
    const trainer = await org.newUser({ role: 'trainer' });
    const a = await signIn(trainer.email, CHROME_WINDOWS);
    const b = await signIn(trainer.email, SAFARI_IPAD);
    const frontdesk = await (await org.newUser({ role: 'frontdesk' })).login();
    const refused = await ctx.pro('POST', `/staff/${trainer.id}/sign-out`, ctx.bearer(frontdesk));
    expect(refused.statusCode).toBe(403);
    const otherOrg = await ctx.newOrganisation();
    const otherAdmin = await (await otherOrg.newUser({ role: 'admin' })).login();
    const foreign = await ctx.pro('POST', `/staff/${trainer.id}/sign-out`, ctx.bearer(otherAdmin));
    expect(foreign.statusCode).toBe(404);
    expect((await sessionsOf(a)).length).toBe(2);

    const res = await ctx.pro('POST', `/staff/${trainer.id}/sign-out`, ctx.bearer(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await refresh(a)).statusCode).toBe(401);
    expect((await refresh(b)).statusCode).toBe(401);
    // They may sign in again (not deactivated).
    await signIn(trainer.email, CHROME_WINDOWS);
    // Not one's own: that is the account page's, which keeps the current session.
    const self = await ctx.pro('POST', `/staff/${admin.userData.id}/sign-out`, ctx.bearer(admin));
    expect(self.statusCode).toBe(422);
    expect((await ctx.app.inject({ url: '/api/v1/pro/me', headers: ctx.bearer(admin) })).statusCode).toBe(200);
    const log = await ctx.app.inject({
      url: `/api/v1/pro/audit?action=staff.signed_out`,
      headers: ctx.bearer(admin),
    });
    expect(log.json().items[0].summary).toContain('signed out of 2 session(s)');
  });
});

describe('the device a session is named by', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome on Windows'],
    [SAFARI_IPAD, 'Safari on iPad'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/130.0 Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    // A kiosk browser at the desk may run Chromium headless.
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['curl/8.5.0', null],
    [null, null],
  ])('%s → %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});
