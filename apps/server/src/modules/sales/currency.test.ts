/**
 * One currency per organisation, fixed once money exists; its centres use it; every invoice PDF and
 * receipt is written in the currency stored on the invoice, named by its ISO code.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenditureCategories, expenditures, products } from '../../db/schema/index.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { allText, pdfText } from '../../test/pdf-text.ts';
import { seedCatalogue } from '../../test/selling-catalogue.ts';

let ctx: TestContext;

type Headers = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1/pro${url}`, headers, payload: payload as object | undefined });

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function newOrg(): Promise<{ org: TestOrganisation; admin: Headers }> {
  const org = await ctx.newOrganisation();
  const admin = ctx.bearer(await (await org.newUser({ role: 'admin' })).login());
  return { org, admin };
}

const centreCurrency = async (admin: Headers, id: string) =>
  (await req('GET', `/centers/${id}`, admin)).json().currencyCode;

describe('the organisation’s currency', () => {
  it('changes, with its centres’, while no money exists; once a price, a sale or an expenditure exists it is refused', async () => {
    const { org, admin } = await newOrg();
    const hkd = await req('PATCH', '/config', admin, { currencyCode: 'HKD', currencySymbol: 'HK$' });
    expect(hkd.statusCode, hkd.body).toBe(200);
    for (const c of org.centers) expect(await centreCurrency(admin, c.id)).toBe('HKD');

    await seedCatalogue(ctx.database.db, org.id, org.centers[0]!.id);
    const bhd = await req('PATCH', '/config', admin, { currencyCode: 'BHD' });
    expect(bhd.statusCode, bhd.body).toBe(409);
    expect(bhd.json().fields).toEqual([expect.objectContaining({ path: 'currencyCode', code: 'currency_locked' })]);
    const config = (await req('GET', '/config', admin)).json();
    expect(config).toMatchObject({ currencyCode: 'HKD', currencyExponent: 2 });
    for (const c of org.centers) expect(await centreCurrency(admin, c.id)).toBe('HKD');
    // The settings screen sends the code it shows with every save: the same code is no change.
    const same = await req('PATCH', '/config', admin, { currencyCode: 'HKD', currencySymbol: 'HK$ ' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('is fixed by a product alone, or by an expenditure alone', async () => {
    const withProduct = await newOrg();
    await ctx.database.db
      .insert(products)
      .values({ organisationId: withProduct.org.id, name: 'Bar', sku: `BAR-${randomUUID()}`, priceMinor: 1_500 });
    expect((await req('PATCH', '/config', withProduct.admin, { currencyCode: 'JPY' })).statusCode).toBe(409);

    const withSpending = await newOrg();
    const user = await withSpending.org.newUser({ role: 'accountant' });
    const [category] = await ctx.database.db
      .insert(expenditureCategories)
      .values({ organisationId: withSpending.org.id, name: 'Rent' })
      .returning();
    await ctx.database.db.insert(expenditures).values({
      organisationId: withSpending.org.id,
      centerId: withSpending.org.centers[0]!.id,
      date: '2026-01-05',
      categoryId: category!.id,
      amount: 2_000_000,
      method: 'bank_transfer',
      recordedBy: user.id,
    });
    const refused = await req('PATCH', '/config', withSpending.admin, { currencyCode: 'JPY' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields[0]).toMatchObject({ path: 'currencyCode', code: 'currency_locked' });
  });

  it('is its centres’ currency: a centre in another currency is refused', async () => {
    const { org, admin } = await newOrg();
    await req('PATCH', '/config', admin, { currencyCode: 'HKD', currencySymbol: 'HK$' });
    const other = await req('POST', '/centers', admin, {
      code: 'MO',
      name: 'Macau',
      timeZone: 'Asia/Macau',
      currencyCode: 'MOP',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().fields).toEqual([
      expect.objectContaining({ path: 'currencyCode', code: 'currency_not_organisation' }),
    ]);
    const created = await req('POST', '/centers', admin, {
      code: 'TKO',
      name: 'Tseung Kwan O',
      timeZone: 'Asia/Hong_Kong',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().currencyCode).toBe('HKD');
    const moved = await req('PATCH', `/centers/${org.centers[0]!.id}`, admin, { currencyCode: 'JPY' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().fields[0]).toMatchObject({ path: 'currencyCode', code: 'currency_not_organisation' });
    expect(await centreCurrency(admin, org.centers[0]!.id)).toBe('HKD');
  });
});

describe('centres given another currency before', () => {
  it('take their organisation’s currency, the one their invoices are in (migration 0019)', async () => {
    const { org, admin } = await newOrg();
    await req('PATCH', '/config', admin, { currencyCode: 'HKD', currencySymbol: 'HK$' });
    const other = await newOrg();
    await ctx.database.db.execute(sql`update centers set currency_code = 'MOP' where id = ${org.centers[1]!.id}`);
    await ctx.database.db.execute(sql`update centers set currency_code = 'JPY' where id = ${other.org.centers[0]!.id}`);
    const migration = readFileSync(
      new URL('../../db/migrations/0019_centre_currency_is_organisation.sql', import.meta.url),
      'utf8',
    );
    await ctx.database.db.execute(sql.raw(migration));
    expect(await centreCurrency(admin, org.centers[1]!.id)).toBe('HKD');
    expect(await centreCurrency(other.admin, other.org.centers[0]!.id)).toBe('BRL');
  });
});

describe('invoice and receipt PDFs', () => {
  it('write every amount in the invoice’s currency with its ISO code, in both layouts, whatever the symbol becomes', async () => {
    const { org, admin } = await newOrg();
    await req('PATCH', '/config', admin, { currencyCode: 'HKD', currencySymbol: 'HK$' });
    const cat = await seedCatalogue(ctx.database.db, org.id, org.centers[0]!.id);
    const member = await org.newMember();
    const sale = await req('POST', `/students/${member.id}/sales`, admin, {
      centerId: org.centers[0]!.id,
      lines: [{ itemType: 'membership', itemId: cat.quarterly.id }],
      payment: { method: 'card', amountMinor: 120_000 },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const invoice = sale.json();
    expect(invoice.currencyCode).toBe('HKD');
    const texts = async () =>
      Promise.all(
        ['receipt', 'a4'].map(async (layout) => {
          const res = await req('GET', `/invoices/${invoice.id}/pdf?layout=${layout}&lang=en`, admin);
          expect(res.statusCode).toBe(200);
          return allText(await pdfText(res.rawPayload));
        }),
      );
    for (const text of await texts()) {
      expect(text).toContain('HKD 1,200.00');
      expect(text).not.toContain('HK$');
    }
    // The symbol is how screens show money: changing it does not rewrite an issued invoice.
    expect((await req('PATCH', '/config', admin, { currencySymbol: '¥' })).statusCode).toBe(200);
    for (const text of await texts()) {
      expect(text).toContain('HKD 1,200.00');
      expect(text).not.toContain('¥');
    }
  });

  it('write an invoice issued in another currency than today’s in its own (its decimals too)', async () => {
    const { org, admin } = await newOrg();
    const cat = await seedCatalogue(ctx.database.db, org.id, org.centers[0]!.id);
    const member = await org.newMember();
    const sale = await req('POST', `/students/${member.id}/sales`, admin, {
      centerId: org.centers[0]!.id,
      lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().currencyCode).toBe('BRL');
    // An invoice from before: issued in yen, 50,000 yen.
    await ctx.database.db.execute(sql`update invoices set currency_code = 'JPY' where id = ${sale.json().id}`);
    for (const layout of ['receipt', 'a4']) {
      const res = await req('GET', `/invoices/${sale.json().id}/pdf?layout=${layout}&lang=en`, admin);
      const text = allText(await pdfText(res.rawPayload));
      expect(text).toContain('JPY 50,000');
      expect(text).not.toContain('R$');
      expect(text).not.toContain('BRL');
    }
  });
});
