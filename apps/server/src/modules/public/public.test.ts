import { addDays, today } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLinkTokens, cards, centers, members, organisations } from '../../db/schema/index.ts';
import { createTestContext, TEST_MONEY, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { type Api, apiAs } from '../members/test-helpers.ts';

let ctx: TestContext;
let org: TestOrganisation;
let desk: Api;
let ipCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://gym.example/' });
  org = await ctx.newOrganisation({ name: 'Academia Força' });
  desk = await apiAs(ctx, await org.newUser({ role: 'frontdesk' }));
});
afterAll(() => ctx?.close());

/** Every test registers from its own address, so the per-address limit is tested on its own. */
const nextIp = () => `203.0.113.${++ipCounter}`;

const publicCall = (method: 'GET' | 'POST', url: string, payload?: unknown, remoteAddress = nextIp()) =>
  ctx.app.inject({ method, url: `/api/v1/public${url}`, payload: payload as object | undefined, remoteAddress });

const prospect = (over: Record<string, unknown> = {}) => ({
  firstName: 'Joaquim',
  lastName: 'Gonçalves',
  phone: '+55 21 98765-4321',
  email: 'joaquim@exemplo.com.br',
  language: 'pt',
  privacyAccepted: true,
  ...over,
});

const membersNamed = async (lastName: string) =>
  ctx.database.db
    .select()
    .from(members)
    .where(and(eq(members.organisationId, org.id), eq(members.lastName, lastName)));

describe('public registration page', () => {
  it('greets with the organisation and centre, initial and code in any case', async () => {
    const res = await publicCall('GET', `/register/${org.initial.toLowerCase()}/a/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organisationName: 'Academia Força',
      centerName: 'Centre A',
      centerCode: 'A',
      registrationOpen: true,
      defaultLanguage: 'en',
      timeZone: 'Asia/Hong_Kong',
    });
  });

  it('answers 404 for an unknown organisation, centre, or a closed centre', async () => {
    expect((await publicCall('GET', '/register/ZZNOPE/A')).statusCode).toBe(404);
    expect((await publicCall('GET', `/register/${org.initial}/Q`)).statusCode).toBe(404);
    await ctx.database.db.update(centers).set({ active: false }).where(eq(centers.id, org.centers[1]!.id));
    const closed = await publicCall('GET', `/register/${org.initial}/B`);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().error).toBe('not_found');
    await ctx.database.db.update(centers).set({ active: true }).where(eq(centers.id, org.centers[1]!.id));
  });

  it('registers a prospect (Portuguese input) flagged new for the desk, and tells the centre’s screens', async () => {
    const events: unknown[] = [];
    const stop = ctx.deps.events.subscribe('realtime.center', (e) => events.push(e));
    const res = await publicCall('POST', `/register/${org.initial}/A`, prospect({ chineseName: '高樂' }));
    await ctx.deps.outbox.drain(); // delivered after the commit, through the outbox
    stop();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const [m] = await membersNamed('Gonçalves');
    expect(m).toMatchObject({
      firstName: 'Joaquim',
      status: 'prospect',
      source: 'online',
      isNew: true,
      language: 'pt',
      homeCenterId: org.centers[0]!.id,
      phoneDigits: '5521987654321',
      createdBy: null,
    });
    expect(m!.code).toMatch(new RegExp(`^${org.initial}\\d{6}$`));
    expect(events).toEqual([
      {
        organisationId: org.id,
        centerId: org.centers[0]!.id,
        payload: expect.objectContaining({ action: 'member.registered', center_id: org.centers[0]!.id }),
      },
    ]);
    const fresh = (await desk.get('/students?isNew=true')).json();
    expect(fresh.items.map((i: { id: string }) => i.id)).toContain(m!.id);
    expect((await desk.get('/students?keyword=gonçalves')).json().total).toBe(1);
  });

  it('does not reveal who is already a member: a second registration with the same phone is accepted too', async () => {
    const first = await publicCall('POST', `/register/${org.initial}/A`, prospect({ lastName: 'Twice' }));
    const second = await publicCall('POST', `/register/${org.initial}/A`, prospect({ lastName: 'Twice' }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(await membersNamed('Twice')).toHaveLength(2);
  });

  it('validates each field by name, and needs the privacy notice accepted', async () => {
    const res = await publicCall(
      'POST',
      `/register/${org.initial}/A`,
      prospect({ email: 'nope', privacyAccepted: false }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { path: string; code: string }[];
    expect(fields.map((f) => f.path).sort()).toEqual(['email', 'privacyAccepted']);
    expect(fields.find((f) => f.path === 'privacyAccepted')!.code).toBe('privacy_required');
  });

  it('refuses a birthday after the centre’s today (its business date, not UTC’s), naming the field; today itself is fine', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11): at any hour one of them is on another day than UTC.
    const o = await ctx.newOrganisation({ name: 'Far Away Fitness' });
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    for (const [i, timeZone] of zones.entries()) {
      await ctx.database.db.update(centers).set({ timeZone }).where(eq(centers.id, o.centers[i]!.id));
      const code = o.centers[i]!.code;
      const centreToday = today(timeZone);
      const tomorrow = await publicCall(
        'POST',
        `/register/${o.initial}/${code}`,
        prospect({ lastName: `Future${i}`, birthday: addDays(centreToday, 1) }),
      );
      expect(tomorrow.statusCode, `${timeZone} ${tomorrow.body}`).toBe(400);
      expect(tomorrow.json()).toMatchObject({
        error: 'validation_failed',
        fields: [{ path: 'birthday', code: 'birthday_future' }],
      });
      const born = await publicCall(
        'POST',
        `/register/${o.initial}/${code}`,
        prospect({ lastName: `Today${i}`, birthday: centreToday }),
      );
      expect(born.statusCode, `${timeZone} ${born.body}`).toBe(201);
    }
    const stored = await ctx.database.db
      .select({ lastName: members.lastName })
      .from(members)
      .where(eq(members.organisationId, o.id));
    expect(stored.map((m) => m.lastName).sort()).toEqual(['Today0', 'Today1']);
  });

  it('thanks a bot that fills the hidden field and stores nothing', async () => {
    const res = await publicCall(
      'POST',
      `/register/${org.initial}/A`,
      prospect({ lastName: 'Bot', website: 'spam.example' }),
    );
    expect(res.statusCode).toBe(201);
    expect(await membersNamed('Bot')).toEqual([]);
  });

  it('allows five registrations per address in ten minutes; the sixth is 429 with the wait', async () => {
    const ip = '198.51.100.7';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await publicCall('POST', `/register/${org.initial}/A`, prospect({ lastName: `Flood${i}` }), ip)).statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    const res = await publicCall('POST', `/register/${org.initial}/A`, prospect({ lastName: 'Flood6' }), ip);
    expect(res.json()).toMatchObject({ error: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
    expect(await membersNamed('Flood5')).toEqual([]);
    // Another address is not affected.
    expect(
      (await publicCall('POST', `/register/${org.initial}/A`, prospect({ lastName: 'Elsewhere' }))).statusCode,
    ).toBe(201);
  });

  it('answers 403 when the organisation closed online registration, and the page says so', async () => {
    await ctx.database.db
      .update(organisations)
      .set({ settings: { ...TEST_MONEY, registrationOpen: false } })
      .where(eq(organisations.id, org.id));
    try {
      const res = await publicCall('POST', `/register/${org.initial}/A`, prospect({ lastName: 'Closed' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('registration_closed');
      expect(await membersNamed('Closed')).toEqual([]);
      expect((await publicCall('GET', `/register/${org.initial}/A`)).json().registrationOpen).toBe(false);
    } finally {
      await ctx.database.db
        .update(organisations)
        .set({ settings: { ...TEST_MONEY } })
        .where(eq(organisations.id, org.id));
    }
  });
});

describe('card link', () => {
  async function issue(memberId: string) {
    const res = await desk.post(`/students/${memberId}/card-link`);
    expect(res.statusCode, res.body).toBe(201);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    const [, centerId, token] = /\/card_link\/([^/]+)\/([^/]+)\/$/.exec(url)!;
    return { url, expiresAt, centerId: centerId!, token: token! };
  }

  it('issues a link on the public address, valid 48 hours, storing only a hash', async () => {
    const m = await org.newMember({ firstName: 'Lia', lastName: 'Tam' });
    const link = await issue(m.id);
    expect(link.url).toMatch(new RegExp(`^https://gym\\.example/card_link/${org.centers[0]!.id}/[A-Za-z0-9_-]{43}/$`));
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const [row] = await ctx.database.db.select().from(cardLinkTokens).where(eq(cardLinkTokens.memberId, m.id));
    expect(row!.tokenHash).not.toContain(link.token);
  });

  it('shows the first name only, links the card once; a second use is 410', async () => {
    const m = await org.newMember({ firstName: 'Lia', lastName: 'Secret' });
    const { centerId, token } = await issue(m.id);
    const info = await publicCall('GET', `/card-link/${centerId}/${token}/`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      memberFirstName: 'Lia',
      centerName: 'Centre A',
      organisationName: 'Academia Força',
    });
    expect(info.body).not.toContain('Secret');

    const done = await publicCall('POST', `/card-link/${centerId}/${token}`, { cardNumber: 'link0001' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, cardNumber: 'LINK0001' });
    const member = (await desk.get(`/students/${m.id}`)).json();
    expect(member.cards).toEqual([expect.objectContaining({ number: 'LINK0001', status: 'active', attachedBy: null })]);

    const again = await publicCall('POST', `/card-link/${centerId}/${token}`, { cardNumber: 'LINK0002' });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('token_used');
    expect((await publicCall('GET', `/card-link/${centerId}/${token}`)).statusCode).toBe(410);
  });

  it('links once under a double submit', async () => {
    const m = await org.newMember();
    const { centerId, token } = await issue(m.id);
    const results = await Promise.all([
      publicCall('POST', `/card-link/${centerId}/${token}`, { cardNumber: 'DOUBLE01' }),
      publicCall('POST', `/card-link/${centerId}/${token}`, { cardNumber: 'DOUBLE02' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const held = await ctx.database.db.select().from(cards).where(eq(cards.memberId, m.id));
    expect(held).toHaveLength(1);
  });

  it('answers 404 for another centre or an unknown token, 410 once expired', async () => {
    const m = await org.newMember();
    const { centerId, token } = await issue(m.id);
    const wrongCentre = await publicCall('GET', `/card-link/${org.centers[1]!.id}/${token}`);
    expect(wrongCentre.statusCode).toBe(404);
    expect(wrongCentre.json().error).toBe('token_invalid');
    expect(
      (await publicCall('POST', `/card-link/${org.centers[1]!.id}/${token}`, { cardNumber: 'WRONG001' })).statusCode,
    ).toBe(404);
    expect((await publicCall('GET', `/card-link/${centerId}/${'x'.repeat(43)}`)).statusCode).toBe(404);

    await ctx.database.db
      .update(cardLinkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cardLinkTokens.memberId, m.id));
    const expired = await publicCall('POST', `/card-link/${centerId}/${token}`, { cardNumber: 'LATE0001' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe('token_expired');
    expect(await ctx.database.db.select().from(cards).where(eq(cards.memberId, m.id))).toEqual([]);
  });

  it('refuses a card in use (409) and keeps the link usable for another card', async () => {
    await org.newMember({ cardNumber: 'INUSE001' });
    const m = await org.newMember();
    const { centerId, token } = await issue(m.id);
    const res = await publicCall('POST', `/card-link/${centerId}/${token}`, { cardNumber: 'INUSE001' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'card_in_use', fields: [{ path: 'cardNumber' }] });
    expect((await publicCall('POST', `/card-link/${centerId}/${token}`, { cardNumber: 'FREE0001' })).statusCode).toBe(
      200,
    );
  });

  it('a new link replaces the member’s earlier unused one', async () => {
    const m = await org.newMember();
    const first = await issue(m.id);
    const second = await issue(m.id);
    expect((await publicCall('GET', `/card-link/${first.centerId}/${first.token}`)).statusCode).toBe(404);
    expect((await publicCall('GET', `/card-link/${second.centerId}/${second.token}`)).statusCode).toBe(200);
  });
});
