import { CURRENCY_EXPONENTS, minorUnitExponent } from '@gym/contract/currency';
import { DEMO_INITIAL } from '@gym/contract/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, organisations } from '../../db/schema/index.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { seedDemo } from '../../seed/demo.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, org: TestOrganisation, admin: Headers;

beforeAll(async () => {
  ({ ctx, org } = await startWithOrganisation());
  admin = await org.signIn('admin');
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.pro(method, url, admin, payload);

describe('currency of the organisation and its centres', () => {
  it('a new organisation has BRL with the R$ symbol; the code can change, an unknown one is refused', async () => {
    const config = (await call('GET', '/config')).json();
    expect(config).toMatchObject({ currencySymbol: 'R$ ', currencyCode: 'BRL', currencyExponent: 2 });
    const method = (await call('PATCH', '/config', { currencyCode: 'JPY' })).statusCode === 404 ? 'PUT' : 'PATCH';
    const jpy = await call(method, '/config', { currencyCode: 'JPY', currencySymbol: '¥' });
    expect(jpy.statusCode, jpy.body).toBe(200);
    expect(jpy.json()).toMatchObject({ currencyCode: 'JPY', currencyExponent: 0, currencySymbol: '¥' });
    expect((await call('GET', '/config/public')).json()).toMatchObject({ currencyCode: 'JPY', currencyExponent: 0 });
    const bad = await call(method, '/config', { currencyCode: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'currencyCode', code: 'currency_unknown' })]);
    expect((await call('GET', '/config')).json().currencyCode).toBe('JPY');
  });

  it('a new centre takes the organisation currency; a centre in another currency is refused', async () => {
    const created = await call('POST', '/centers', { code: 'TKO', name: 'Tseung Kwan O', timeZone: 'Asia/Hong_Kong' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ currencyCode: 'JPY' });
    const same = await call('POST', '/centers', {
      code: 'ST',
      name: 'Sha Tin',
      timeZone: 'Asia/Hong_Kong',
      currencyCode: 'JPY',
      currencySymbol: '円',
    });
    expect(same.json()).toMatchObject({ currencyCode: 'JPY', currencySymbol: '円' });
    const hkd = await call('POST', '/centers', {
      code: 'KT',
      name: 'Kwun Tong',
      timeZone: 'Asia/Hong_Kong',
      currencyCode: 'HKD',
    });
    expect(hkd.statusCode).toBe(422);
    expect(hkd.json().fields[0]).toMatchObject({ path: 'currencyCode', code: 'currency_not_organisation' });
    const patched = await call('PATCH', `/centers/${same.json().id}`, { currencyCode: 'BHD' });
    expect(patched.statusCode).toBe(422);
    const bad = await call('PATCH', `/centers/${same.json().id}`, { currencyCode: 'hkd' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ path: 'currencyCode', code: 'currency_unknown' });
  });

  it('the demo organisation and its Hong Kong centres use HKD shown as HK$', async () => {
    await seedDemo(ctx.database.db, ctx.deps.hasher);
    const [demo] = await ctx.database.db.select().from(organisations).where(eq(organisations.initial, DEMO_INITIAL));
    expect(await readSystemConfig(ctx.database.db, demo!.id)).toMatchObject({
      currencyCode: 'HKD',
      currencySymbol: 'HK$',
      currencyExponent: 2,
    });
    const rows = await ctx.database.db.select().from(centers).where(eq(centers.organisationId, demo!.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const c of rows) expect(c).toMatchObject({ currencyCode: 'HKD', currencySymbol: 'HK$' });
  }, 120_000);

  it('the exponent table knows the usual currencies', () => {
    expect(minorUnitExponent('HKD')).toBe(2);
    expect(minorUnitExponent('JPY')).toBe(0);
    expect(minorUnitExponent('EUR')).toBe(2);
    expect(minorUnitExponent('BHD')).toBe(3);
    expect(Object.keys(CURRENCY_EXPONENTS).length).toBeGreaterThanOrEqual(50);
  });
});
