import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.ts';
import { csvLines, xlsxSheet } from '../../test/exports.ts';
import { insertInvoices, type PaymentsTest, startPayments, TODAY } from '../../test/payments.ts';

describe('reports', () => {
  let t: PaymentsTest;
  let invoiceId: string;
  const get = (url: string, headers: Record<string, string> = t.manager) => t.ctx.pro('GET', url, headers);

  beforeAll(async () => {
    t = await startPayments();
    const member = await t.org.newMember();
    const [invoice] = await insertInvoices(t.ctx, t.org, [
      { memberId: member.id, totalMinor: 90_000 },
      {
        memberId: (await t.org.newMember({ firstName: 'Owing', lastName: 'Late' })).id,
        totalMinor: 30_000,
        issuedOn: '2026-01-20',
        installments: [
          { dueOn: '2026-02-01', amountMinor: 10_000 },
          { dueOn: '2026-03-15', amountMinor: 20_000 },
        ],
      },
    ]);
    invoiceId = invoice!.id;
    for (const payment of [
      { method: 'cash', amountMinor: 10_000 },
      { method: 'card', amountMinor: 25_000 },
      { method: 'card', amountMinor: 5_000 },
    ]) {
      const res = await t.ctx.pro('POST', `/invoices/${invoiceId}/payments`, t.desk, payment);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.ctx.close());

  it('lists the reports a manager may run, each with its code, title and web path', async () => {
    const res = await get('/reports');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { code: string; title: string; path: string }[];
    expect(items).toContainEqual(expect.objectContaining({ code: 'paymentMethod', path: '/report-paymentMethod' }));
    expect(items).toContainEqual(
      expect.objectContaining({ code: 'center-Sales.vue', title: 'Centre sales', path: '/report/center-Sales.vue' }),
    );
    // The front desk runs no report.
    expect((await get('/reports', t.desk)).statusCode).toBe(403);
  });

  it('answers 404 for a code the product does not have', async () => {
    const res = await get('/reports/no-such-report');
    expect(res.statusCode).toBe(404);
  });

  it('sums the money per method, this month by default, with the net total in minor units', async () => {
    const res = await get('/reports/paymentMethod');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.filters).toMatchObject({ from: '2026-03-01', to: TODAY });
    expect(body.totals.amountMinor).toBe(40_000);
    expect(body.total).toBe(2);
    // Sorted by the money taken, the most first.
    expect(body.rows.map((r: { method: string; amountMinor: number }) => [r.method, r.amountMinor])).toEqual([
      ['card', 30_000],
      ['cash', 10_000],
    ]);
    expect(body.columns.find((c: { key: string }) => c.key === 'amountMinor')).toMatchObject({
      kind: 'money',
      drill: 'payments',
      title: 'titles.columns.amountMinor',
    });
  });

  it('opens the payments behind a figure', async () => {
    const res = await get('/reports/paymentMethod/rows?column=amountMinor&row=card');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.source).toBe('payments');
    expect(body.total).toBe(2);
    expect(body.rows.map((r: { amountMinor: number }) => r.amountMinor).sort()).toEqual([25_000, 5_000]);
    const all = await get('/reports/transacion/rows?column=amountMinor');
    expect(all.json().total).toBe(3);
  });

  it('refuses a range that ends before it starts, naming the field', async () => {
    const res = await get('/reports/paymentMethod?from=2026-03-10&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'to' })]);
  });

  it("exports the whole report as CSV and XLSX, headed in the reader's language, money as amounts of the currency", async () => {
    const csv = await get('/reports/transacion/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Date,Centre,Invoice,Member');
    expect(lines[0]).toContain('Net taken (HKD)');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[6])
        .sort(),
    ).toEqual(['100.00', '250.00', '50.00']);
    expect(lines[1]).toMatch(/^2026-03-02,/);
    // The screen's language, as the web sends it.
    const german = await get('/reports/transacion/export?format=csv', {
      ...t.manager,
      'accept-language': 'de-CH,de;q=0.9',
    });
    expect(csvLines(german)[0]).toContain('Datum,');
    expect(csvLines(german)[0]).toContain('Netto eingenommen (HKD)');
    const chinese = await get('/reports/transacion/export?format=csv', { ...t.manager, 'accept-language': 'zh-TW' });
    expect(csvLines(chinese)[0]).toContain('淨收款 (HKD)');
    const xlsx = await t.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pro/reports/sales-monthly/export?format=xlsx',
      headers: t.manager,
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await xlsxSheet(xlsx);
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const month = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(month[header.indexOf('Month')]).toBe('2026-03');
    const net = header.indexOf('Net taken (HKD)');
    expect(month[net]).toBe(400);
    expect(sheet.getRow(2).getCell(net + 1).numFmt).toBe('#,##0.00');
  });

  it('writes yen without decimals, and a name that looks like a formula as text', async () => {
    const yen = await t.ctx.newOrganisation({ name: 'Tokyo Fit', money: { currencyCode: 'JPY', currencySymbol: '¥' } });
    const member = await yen.newMember({ firstName: 'Taro', lastName: '=HYPERLINK("x")' });
    const [invoice] = await insertInvoices(t.ctx, yen, [{ memberId: member.id, totalMinor: 500 }]);
    await t.ctx.database.db.insert(payments).values({
      organisationId: yen.id,
      centerId: yen.centers[0]!.id,
      invoiceId: invoice!.id,
      memberId: member.id,
      kind: 'payment',
      method: 'cash',
      amountMinor: 500,
      paidOn: TODAY,
    });
    const lines = csvLines(await get('/reports/transacion/export?format=csv', await yen.signIn('manager')));
    expect(lines[0]).toContain('Net taken (JPY)');
    expect(lines[1]).toContain(',500,');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Taro"`);
  });

  it('shows installments due per month, and the member who owes the overdue one', async () => {
    const range = 'from=2026-01-01&to=2026-03-31';
    const due = (await get(`/reports/installment?${range}`)).json();
    expect(due.rows.map((r: Record<string, unknown>) => [r.month, r.dueMinor, r.overdueMinor, r.openMinor])).toEqual([
      ['2026-02', 10_000, 10_000, null],
      ['2026-03', 20_000, 0, 20_000],
    ]);
    const owing = (await get('/reports/nonpay')).json();
    expect(owing.rows).toEqual([
      expect.objectContaining({ member: 'Late Owing', overdueMinor: 10_000, oldestDue: '2026-02-01' }),
    ]);
    const behind = (await get(`/reports/nonpay/rows?column=overdueMinor&row=${owing.rows[0].key}`)).json();
    expect(behind.rows).toEqual([expect.objectContaining({ dueOn: '2026-02-01', dueMinor: 10_000, paidMinor: 0 })]);
  });

  it('runs every report it lists; each page adds up to its totals, each figure opens its rows, each exports', async () => {
    const { items } = (await get('/reports')).json() as { items: { code: string }[] };
    expect(items).toHaveLength(21);
    for (const { code } of items) {
      const url = `/reports/${encodeURIComponent(code)}`;
      const res = await get(`${url}?from=2026-01-01&to=2026-03-31&pageSize=500`);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      const body = res.json() as {
        columns: { key: string; drill: string | null }[];
        rows: Record<string, number | null>[];
        totals: Record<string, number | null>;
      };
      for (const c of body.columns) {
        if (body.totals[c.key] === null) continue;
        const sum = body.rows.reduce((n, r) => n + (r[c.key] ?? 0), 0);
        expect(sum, `${code}.${c.key}`).toBe(body.totals[c.key]);
        if (c.drill) {
          const rows = await get(`${url}/rows?from=2026-01-01&to=2026-03-31&column=${c.key}`);
          expect(rows.statusCode, `${code}.${c.key} rows: ${rows.body}`).toBe(200);
        }
      }
      const csv = await get(`${url}/export?format=csv&from=2026-01-01&to=2026-03-31`);
      expect(csv.statusCode, `${code} export`).toBe(200);
      expect(csvLines(csv)).toHaveLength(body.rows.length + 1);
    }
  });
});
