import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Headers = { authorization: string };
const req = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object | undefined });

async function signIn(org: TestOrganisation, role: 'admin' | 'manager' | 'frontdesk' | 'trainer') {
  const tokens = await (await org.newUser({ role })).login();
  return { headers: ctx.bearer(tokens), tokens };
}

describe('system configuration', () => {
  it('starts from the defaults and shows the organisation name', async () => {
    const org = await ctx.newOrganisation({ name: 'Iron Works' });
    const { headers } = await signIn(org, 'manager');
    const res = await req('GET', '/pro/config', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organisationName: 'Iron Works',
      initial: org.initial,
      currencySymbol: 'R$ ',
      maintenanceMode: false,
      registrationOpen: true,
    });
  });

  it('a manager may read but not change it; an admin changes it and every later read shows it', async () => {
    const org = await ctx.newOrganisation();
    const manager = await signIn(org, 'manager');
    const refused = await req('PATCH', '/pro/config', manager.headers, { currencySymbol: 'HK$ ' });
    expect(refused.statusCode).toBe(403);

    const admin = await signIn(org, 'admin');
    const events: unknown[] = [];
    const stop = ctx.deps.events.subscribe('realtime.organisation', (e) => events.push(e));
    const res = await req('PATCH', '/pro/config', admin.headers, {
      organisationName: 'Harbour Fitness',
      currencySymbol: 'HK$ ',
      duplicateTapWindowSeconds: 30,
    });
    await ctx.deps.outbox.drain(); // delivered after the commit, through the outbox
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organisationName: 'Harbour Fitness',
      currencySymbol: 'HK$ ',
      registrationOpen: true,
    });

    const again = (await req('GET', '/pro/config', manager.headers)).json();
    expect(again).toMatchObject({
      organisationName: 'Harbour Fitness',
      currencySymbol: 'HK$ ',
      duplicateTapWindowSeconds: 30,
    });
    // A later change of one key keeps the others.
    await req('PATCH', '/pro/config', admin.headers, { registrationOpen: false });
    expect((await req('GET', '/pro/config', manager.headers)).json()).toMatchObject({
      currencySymbol: 'HK$ ',
      registrationOpen: false,
    });
    // The signed-in account shows the new name, and open browsers were told.
    expect((await req('GET', '/pro/me', manager.headers)).json().organisation.name).toBe('Harbour Fitness');
    expect(events).toContainEqual({
      organisationId: org.id,
      payload: expect.objectContaining({ action: 'config.updated', currencySymbol: 'HK$ ', maintenanceMode: false }),
    });
  });

  it('refuses a member code pattern without one sequence, naming the field, and changes nothing', async () => {
    const org = await ctx.newOrganisation();
    const admin = await signIn(org, 'admin');
    const res = await req('PATCH', '/pro/config', admin.headers, {
      memberCodePattern: '{INITIAL}-XYZ',
      currencySymbol: '€',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual(
      expect.objectContaining({ path: 'memberCodePattern', code: 'pattern_needs_one_seq' }),
    );
    expect((await req('GET', '/pro/config', admin.headers)).json().currencySymbol).toBe('R$ ');
  });

  it('every signed-in staff member reads the public part, other organisations’ settings stay apart', async () => {
    const org = await ctx.newOrganisation({ name: 'Peak Gym' });
    const other = await ctx.newOrganisation();
    await req('PATCH', '/pro/config', (await signIn(other, 'admin')).headers, { currencySymbol: '£' });
    const trainer = await signIn(org, 'trainer');
    expect((await req('GET', '/pro/config', trainer.headers)).statusCode).toBe(403);
    const res = await req('GET', '/pro/config/public', trainer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organisationName: 'Peak Gym',
      currencySymbol: 'R$ ',
      currencyCode: 'BRL',
      currencyExponent: 2,
      maintenanceMode: false,
      defaultLanguage: 'en',
      // The desk picks from these when it takes a payment.
      paymentMethods: [],
      // What the desk may take off a line without a manager (basis points).
      manualDiscountCapBp: 0,
    });
  });
});

describe('maintenance mode', () => {
  it('sends staff to the maintenance page while admins keep working, and lifts when switched off', async () => {
    const org = await ctx.newOrganisation();
    const admin = await signIn(org, 'admin');
    const frontdesk = await signIn(org, 'frontdesk');
    const bystander = await signIn(await ctx.newOrganisation(), 'frontdesk');
    expect((await req('GET', '/pro/staff', frontdesk.headers)).statusCode).toBe(200);

    expect((await req('PATCH', '/pro/config', admin.headers, { maintenanceMode: true })).statusCode).toBe(200);

    const blocked = await req('GET', '/pro/staff', frontdesk.headers);
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().error).toBe('maintenance');
    expect((await req('GET', '/pro/centers/switcher', frontdesk.headers)).statusCode).toBe(503);
    expect((await req('GET', '/pro/staff', admin.headers)).statusCode).toBe(200);
    // What the web app needs to show who is signed in and to notice the end of maintenance.
    expect((await req('GET', '/pro/me', frontdesk.headers)).statusCode).toBe(200);
    const pub = await req('GET', '/pro/config/public', frontdesk.headers);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().maintenanceMode).toBe(true);
    // Another organisation is not under maintenance.
    expect((await req('GET', '/pro/staff', bystander.headers)).statusCode).toBe(200);

    await req('PATCH', '/pro/config', admin.headers, { maintenanceMode: false });
    expect((await req('GET', '/pro/staff', frontdesk.headers)).statusCode).toBe(200);

    // Signing out works during maintenance too.
    await req('PATCH', '/pro/config', admin.headers, { maintenanceMode: true });
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/logout',
      payload: { refreshToken: frontdesk.tokens.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
  });
});
