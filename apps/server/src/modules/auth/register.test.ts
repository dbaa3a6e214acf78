import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, outboxEmails } from '../../db/schema/index.ts';
import { startOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { allText, pdfText } from '../../test/pdf-text.ts';
import { seedCatalogue } from '../../test/selling-catalogue.ts';

let ctx: TestContext, org: TestOrganisation;

// The default limit: 5 organisations per address per hour.
beforeAll(async () => ({ ctx, org } = await startOrganisation()));
afterAll(() => ctx?.close());

const register = (
  body: { initial: string; email: string; organisationName?: string; currencyCode?: string | undefined },
  remoteAddress: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/jwt/register',
    remoteAddress,
    payload: {
      organisationName: 'Some Gym',
      fullName: 'Sam Owner',
      password: 'long enough',
      currencyCode: 'HKD',
      ...body,
    },
  });

describe('organisation registration', () => {
  it('answers a known e-mail exactly as an unknown one, creates nothing, and tells the owner by e-mail', async () => {
    const owner = await org.newUser({ role: 'manager' });
    const unknown = await register({ initial: 'UNK1', email: 'fresh.owner@example.test' }, '10.5.0.1');
    const known = await register({ initial: 'KNW1', email: owner.email, organisationName: 'Copycat Gym' }, '10.5.0.2');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.statusCode).toBe(202);
    expect(await ctx.database.db.select().from(organisations).where(eq(organisations.initial, 'KNW1'))).toHaveLength(0);
    expect(await ctx.database.db.select().from(organisations).where(eq(organisations.initial, 'UNK1'))).toHaveLength(1);
    const mails = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, owner.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Copycat Gym');
    // The owner's password still opens only the owner's own account.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      payload: { email: owner.email, password: 'correct horse battery' },
    });
    expect(signIn.json().userData.organisation.id).toBe(org.id);
  });

  it('still reports a taken initial (initials are public)', async () => {
    const res = await register({ initial: org.initial, email: 'someone.new@example.test' }, '10.5.0.3');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'initial_taken', fields: [{ path: 'initial' }] });
  });

  it('allows five registrations per address an hour; the sixth is 429 with the wait, another address goes on', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await register({ initial: `RL${i}`, email: `rl${i}@example.test` }, '10.5.1.1')).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await register({ initial: 'RL9', email: 'rl9@example.test' }, '10.5.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(3000);
    expect((await register({ initial: 'RL8', email: 'rl8@example.test' }, '10.5.1.2')).statusCode).toBe(202);
  });

  it('keeps the money the organisation named: its configuration, a new centre and a sale are in it, never in BRL', async () => {
    const missing = await register(
      { initial: 'NOCUR', email: 'no.currency@example.test', currencyCode: undefined },
      '10.5.2.1',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([expect.objectContaining({ path: 'currencyCode' })]);

    const email = 'franc.owner@example.test';
    expect((await register({ initial: 'CHF1', email, currencyCode: 'CHF' }, '10.5.2.2')).statusCode).toBe(202);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/login',
      payload: { email, password: 'long enough' },
    });
    const admin = ctx.bearer(login.json());
    const pro = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1/pro${url}`, headers: admin, payload });

    expect((await pro('GET', '/config')).json()).toMatchObject({ currencyCode: 'CHF', currencySymbol: 'CHF ' });
    expect((await pro('GET', '/config/public')).json()).toMatchObject({ currencyCode: 'CHF', currencySymbol: 'CHF ' });
    const centre = await pro('POST', '/centers', { code: 'ZH', name: 'Zürich', timeZone: 'Europe/Zurich' });
    expect(centre.statusCode, centre.body).toBe(201);
    expect(centre.json()).toMatchObject({ currencyCode: 'CHF', currencySymbol: 'CHF ' });
    const centres = (await pro('GET', '/centers')).json();
    expect(JSON.stringify(centres)).not.toMatch(/BRL|R\$/);

    const [organisation] = await ctx.database.db.select().from(organisations).where(eq(organisations.initial, 'CHF1'));
    const cat = await seedCatalogue(ctx.database.db, organisation!.id, centre.json().id);
    const member = await pro('POST', '/students', {
      firstName: 'Heidi',
      lastName: 'Frei',
      phone: '+41 79 123 45 67',
      homeCenterId: centre.json().id,
    });
    expect(member.statusCode, member.body).toBe(201);
    const sale = await pro('POST', `/students/${member.json().id}/sales`, {
      centerId: centre.json().id,
      lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
      payment: { method: 'card', amountMinor: 50_000 },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().currencyCode).toBe('CHF');
    const receipt = allText(
      await pdfText((await pro('GET', `/invoices/${sale.json().id}/pdf?layout=receipt&lang=en`)).rawPayload),
    );
    expect(receipt).toContain('CHF 500.00');
    expect(receipt).not.toMatch(/BRL|R\$/);
  });
});
