import { formatMoney, type MoneyFormat } from '@gym/contract/money';
import { addDays, today as businessToday } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CJK_FONT_PACKAGE, findCjkFontPath } from '../../lib/pdf-font.ts';
import { createTestContext, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { allText, pdfText } from '../../test/pdf-text.ts';
import { seedCatalogue } from '../../test/selling-catalogue.ts';
import { buildInvoicePdf, RECEIPT_WIDTH_PT } from './invoice-pdf.ts';
import { RECEIPT_LABELS } from './receipt-labels.ts';

let ctx: TestContext;
let org: TestOrganisation;
let desk: { authorization: string };
let deskUserId = '';
let trainer: { authorization: string };
let outsider: { authorization: string };
let invoice: {
  id: string;
  number: string;
  totalMinor: number;
  lines: { description: string; totalMinor: number }[];
  payments: { id: string }[];
  taxes: { netMinor: number }[];
};
let otherInvoice: { id: string; payments: { id: string }[] };
let today = '';

/** Amounts as the PDF writes them: the invoice's currency (a new organisation's BRL) by its ISO code, `.` decimal, `,` thousands. */
const fmt: MoneyFormat = { symbol: 'BRL ', exponent: 2, decimal: '.', thousands: ',' };
const money = (n: number) => formatMoney(n, fmt);

const pdf = (id: string, query: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/pro/invoices/${id}/pdf${query}`, headers });

/** The desk's sale to a member, sent once under `key`. */
const sellTo = (memberId: string, key: string, sale: Record<string, unknown>) =>
  ctx.pro('POST', `/students/${memberId}/sales`, { ...desk, 'idempotency-key': key }, sale);

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.newOrganisation({ name: 'Demo Fitness Zürich' });
  const centerA = org.centers[0]!.id;
  const deskUser = await org.newUser({ role: 'frontdesk' });
  deskUserId = deskUser.id;
  desk = ctx.bearer(await deskUser.login());
  trainer = ctx.bearer(await (await org.newUser({ role: 'trainer' })).login());
  const other = await ctx.newOrganisation();
  outsider = ctx.bearer(await (await other.newUser({ role: 'admin' })).login());
  const cat = await seedCatalogue(ctx.database.db, org.id, centerA);
  // The desk may take up to 5 % off a line, with a reason (the towels' 900 of 19,800 below).
  const admin = ctx.bearer(await (await org.newUser({ role: 'admin' })).login());
  const cap = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/pro/config',
    headers: admin,
    payload: { manualDiscountCapBp: 500 },
  });
  expect(cap.statusCode, cap.body).toBe(200);
  await ctx.database.db.execute(
    sql`update centers set address = '1 Hennessy Road, Causeway Bay', phone = '+852 2123 4567' where id = ${centerA}`,
  );
  const zone = (await ctx.database.db.execute(sql`select time_zone from centers where id = ${centerA}`)) as unknown as {
    rows: { time_zone: string }[];
  };
  today = businessToday(zone.rows[0]!.time_zone);
  const member = await org.newMember({ firstName: 'Tai Man', lastName: 'Chan', chineseName: '陳大文' });
  const sale = await sellTo(member.id, 'receipt-sale-1', {
    centerId: centerA,
    lines: [
      { itemType: 'membership', itemId: cat.quarterly.id },
      { itemType: 'product', itemId: cat.towel.id, quantity: 2, discountMinor: 900, priceOverrideReason: 'Display' },
    ],
    depositMinor: 50_000,
    installments: [{ dueOn: addDays(today, 30) }, { dueOn: addDays(today, 60) }],
    payment: { method: 'cash', amountMinor: 50_000, tenderedMinor: 60_000 },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  invoice = sale.json();
  const second = await sellTo(member.id, 'receipt-sale-2', {
    centerId: centerA,
    lines: [{ itemType: 'membership', itemId: cat.monthly.id }],
    payment: { method: 'card', amountMinor: 50_000 },
  });
  expect(second.statusCode, second.body).toBe(201);
  otherInvoice = second.json();
});
afterAll(() => ctx?.close());

describe('GET /invoices/:id/pdf', () => {
  it('answers an 80 mm receipt with the invoice number, every line, the total, the payment and the tax', async () => {
    const res = await pdf(invoice.id, '?layout=receipt&lang=en', desk);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${invoice.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(RECEIPT_WIDTH_PT, 2);
    expect(pages[0]!.width).toBeCloseTo((80 / 25.4) * 72, 1);
    // Fitted to the content: taller than a few lines, far shorter than A4.
    expect(pages[0]!.height).toBeGreaterThan(300);
    expect(pages[0]!.height).toBeLessThan(841);
    const strings = pages[0]!.strings;
    expect(strings).toContain('Demo Fitness Zürich');
    expect(strings).toContain(invoice.number);
    expect(strings).toContain('Receipt');
    for (const line of invoice.lines) {
      expect(strings).toContain(line.description);
      expect(strings).toContain(money(line.totalMinor));
    }
    expect(strings).toContain(`2 x ${money(9_900)}`);
    expect(strings).toContain(money(-900));
    expect(strings).toContain(money(invoice.totalMinor));
    expect(money(invoice.totalMinor)).toBe('BRL 1,389.00');
    // The payment: cash 500.00 of 600.00 handed over, 100.00 back; the balance and the next installment.
    expect(strings).toEqual(
      expect.arrayContaining(['Cash', money(50_000), money(60_000), money(10_000), money(88_900)]),
    );
    expect(strings).toContain(`${addDays(today, 30)}  ${money(44_450)}`);
    // Net, tax and gross per rate: 19 % on the membership, 7 % on the towels.
    expect(strings).toEqual(expect.arrayContaining(['19%', '7%', money(100_840), money(19_160), money(120_000)]));
    expect(strings).toContain('1 Hennessy Road, Causeway Bay');
  });

  it('answers an A4 invoice in German with the lines and net, tax and gross per rate', async () => {
    const res = await pdf(invoice.id, '?layout=a4&lang=de', desk);
    expect(res.statusCode).toBe(200);
    const pages = await pdfText(res.rawPayload);
    expect(pages[0]!.width).toBeCloseTo(595.28, 1);
    expect(pages[0]!.height).toBeCloseTo(841.89, 1);
    const text = allText(pages);
    for (const s of [
      'Rechnung',
      'Netto',
      'USt.',
      'Brutto',
      'Rückgeld',
      'Bar',
      invoice.number,
      money(invoice.totalMinor),
    ]) {
      expect(text).toContain(s);
    }
    for (const line of invoice.lines) expect(text).toContain(line.description);
    for (const t of invoice.taxes) expect(text).toContain(money(t.netMinor));
  });

  it('prints the Chinese labels and the member’s Chinese name with an embedded font', async () => {
    expect(findCjkFontPath(), `no CJK TrueType font: apt-get install ${CJK_FONT_PACKAGE}`).not.toBeNull();
    const res = await pdf(invoice.id, '?layout=receipt&lang=zh-Hant', desk);
    expect(res.statusCode).toBe(200);
    const pages = await pdfText(res.rawPayload);
    const strings = pages[0]!.strings;
    expect(strings).toEqual(expect.arrayContaining(['收據', '總計', '找續', '陳大文', invoice.number]));
    expect(pages[0]!.fonts.some((f) => f.includes('Droid') || /^\/[A-Z]{6}\+/.test(f))).toBe(true);
    expect(allText(pages)).not.toContain('?');
    // Every Chinese character has its outline in the embedded subset (a broken subsetter leaves
    // most of them blank while the text still extracts).
    const [font] = pages[0]!.embedded;
    const parsed = fontkit.create(Buffer.from(font!.file)) as unknown as {
      getGlyph(id: number): { path: { commands: unknown[] } };
    };
    const blank = [...font!.glyphs]
      .filter(([, text]) => /\p{Script=Han}/u.test(text))
      .filter(([id]) => parsed.getGlyph(id).path.commands.length === 0)
      .map(([, text]) => text);
    expect(font!.glyphs.size).toBeGreaterThan(20);
    expect(blank).toEqual([]);
  });

  it('prints in the caller’s language when none is asked for', async () => {
    await ctx.database.db.execute(sql`update users set language = 'fr' where id = ${deskUserId}`);
    try {
      const strings = (await pdfText((await pdf(invoice.id, '?layout=receipt', desk)).rawPayload))[0]!.strings;
      expect(strings).toEqual(expect.arrayContaining(['Reçu', 'Monnaie rendue', 'Espèces']));
    } finally {
      await ctx.database.db.execute(sql`update users set language = 'en' where id = ${deskUserId}`);
    }
  });

  it('shows the payment asked for, and refuses one of another invoice', async () => {
    const res = await pdf(otherInvoice.id, `?layout=receipt&lang=en&paymentId=${otherInvoice.payments[0]!.id}`, desk);
    expect(res.statusCode).toBe(200);
    expect((await pdfText(res.rawPayload))[0]!.strings).toContain('Card');
    const wrong = await pdf(otherInvoice.id, `?paymentId=${invoice.payments[0]!.id}`, desk);
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses a bad layout by naming the field', async () => {
    const res = await pdf(invoice.id, '?layout=letter', desk);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('layout');
  });

  it('is 404 for another organisation and 403 for a trainer', async () => {
    expect((await pdf(invoice.id, '?layout=receipt', outsider)).statusCode).toBe(404);
    expect((await pdf(invoice.id, '?layout=receipt', trainer)).statusCode).toBe(403);
  });
});

describe('the PDF builder', () => {
  it('prints `?` for what no font has when no Unicode font is given, and still makes the PDF', async () => {
    const full = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/pro/invoices/${invoice.id}`, headers: desk })
    ).json();
    const bytes = await buildInvoicePdf(
      {
        invoice: { ...full, member: { ...full.member, name: 'Chan Tai Man 陳大文' } },
        organisation: { name: 'Demo' },
        centre: { name: 'Causeway Bay', code: 'CWB', address: null, phone: null, email: null },
        money: fmt,
        payment: full.payments[0],
        methodNames: {},
      },
      { layout: 'receipt', labels: RECEIPT_LABELS['zh-Hant'], unicodeFont: null },
    );
    const strings = (await pdfText(bytes))[0]!.strings;
    expect(strings).toContain('??');
    expect(strings).toContain('Chan Tai Man ???');
    expect(strings).toContain(invoice.number);
  });

  it('goes on to a second A4 page when the lines do not fit on one', async () => {
    const full = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/pro/invoices/${invoice.id}`, headers: desk })
    ).json();
    const line = full.lines[0];
    const lines = Array.from({ length: 60 }, (_, n) => ({ ...line, id: `l${n}`, description: `Line ${n + 1}` }));
    const bytes = await buildInvoicePdf(
      {
        invoice: { ...full, lines },
        organisation: { name: 'Demo' },
        centre: { name: 'Causeway Bay', code: 'CWB', address: null, phone: null, email: null },
        money: fmt,
        payment: null,
        methodNames: {},
      },
      { layout: 'a4', labels: RECEIPT_LABELS.en, unicodeFont: null },
    );
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    const text = allText(pages);
    for (let n = 1; n <= 60; n++) expect(text).toContain(`Line ${n}\n`);
  });
});
