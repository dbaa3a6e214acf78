/**
 * Receipts: a sale to the demo member (catalogue rows seeded into the demo database before the
 * server starts, as the server tests seed them), then its PDFs fetched from the browser with the
 * signed-in front desk's token, as the receipt buttons fetch them, and read back.
 *
 * Then the print buttons of the invoice: each puts the PDF in a hidden frame and opens the print
 * window from it, which the page's Content-Security-Policy must let load (a blob: frame).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMoney } from '@gym/contract/money';
import { addDays, today as businessToday } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { allText, pdfText } from '../apps/server/src/test/pdf-text.ts';
import { seedCatalogue } from '../apps/server/src/test/selling-catalogue.ts';
import { type AppServer, startAppServer } from './support/app-process.ts';
import { launchBrowser, newPage, storeSession } from './support/browser.ts';
import { type ApiSession, apiLogin, demoCenterId, demoMember } from './support/members.ts';
import { watchPrinting } from './support/print.ts';

const FRONT_DESK = 'frontdesk@demo.fit';
let server: AppServer;
let browser: Browser;
let seeded = '';
let catalogue = { quarterly: '', towel: '' };
let today = '';
let desk: ApiSession;
let invoice: {
  id: string;
  number: string;
  totalMinor: number;
  issuedOn: string;
  lines: { description: string; totalMinor: number }[];
};

/** An amount as the PDF writes it, whatever the demo's currency symbol. */
const digits = (amount: number) => formatMoney(amount, { symbol: '', exponent: 2, decimal: '.', thousands: ',' });

beforeAll(async () => {
  // The demo database with a catalogue: the demo seed has none yet on this branch.
  seeded = mkdtempSync(join(tmpdir(), 'gym-e2e-receipt-'));
  cpSync(inject('e2eDataDir'), seeded, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: join(seeded, 'pglite') });
  const { rows } = (await database.db.execute(
    sql`select o.id as org, c.id as center, c.time_zone as zone from organisations o join centers c on c.organisation_id = o.id where o.initial = 'DF' and c.code = 'CWB'`,
  )) as unknown as { rows: { org: string; center: string; zone: string }[] };
  const seededRows = await seedCatalogue(database.db, rows[0]!.org, rows[0]!.center, ' E2E');
  await database.close();
  catalogue = { quarterly: seededRows.quarterly.id, towel: seededRows.towel.id };
  today = businessToday(rows[0]!.zone);

  const [started, launched] = await Promise.allSettled([startAppServer({}, { fromDataDir: seeded }), launchBrowser()]);
  if (started.status === 'fulfilled') server = started.value;
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'rejected') throw started.reason;
  if (launched.status === 'rejected') throw launched.reason;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (seeded) rmSync(seeded, { recursive: true, force: true });
});

describe('receipts', () => {
  it('sells Chan Tai Man a quarterly membership and a towel, with a cash deposit', async () => {
    desk = await apiLogin(server.url, FRONT_DESK);
    const member = await demoMember(desk);
    const center = await demoCenterId(desk);
    const res = await fetch(`${server.url}/api/v1/pro/students/${member.id}/sales`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${desk.token}`,
        'content-type': 'application/json',
        'idempotency-key': `e2e-receipt-${Date.now()}`,
      },
      body: JSON.stringify({
        centerId: center.id,
        lines: [
          { itemType: 'membership', itemId: catalogue.quarterly },
          { itemType: 'product', itemId: catalogue.towel, quantity: 2 },
        ],
        depositMinor: 50_000,
        installments: [{ dueOn: addDays(today, 30) }, { dueOn: addDays(today, 60) }],
        payment: { method: 'cash', amountMinor: 50_000, tenderedMinor: 60_000 },
      }),
    });
    const body = await res.text();
    expect(res.status, body).toBe(201);
    invoice = JSON.parse(body);
    expect(invoice.lines.map((l) => l.description)).toEqual(['Quarterly E2E', 'Towel E2E']);
  });

  it('fetches the receipt and the A4 PDF in the browser with the signed-in token; both hold the lines', async () => {
    const { context, page } = await newPage(browser, server.url);
    await storeSession(page, server.url, FRONT_DESK);
    const fetched = await page.evaluate(async (id) => {
      const token = localStorage.getItem('accessToken');
      const get = async (layout: string) => {
        const r = await fetch(`/api/v1/pro/invoices/${id}/pdf?layout=${layout}&lang=en`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return {
          status: r.status,
          type: r.headers.get('content-type'),
          disposition: r.headers.get('content-disposition'),
          bytes: Array.from(new Uint8Array(await r.arrayBuffer())),
        };
      };
      return { receipt: await get('receipt'), a4: await get('a4') };
    }, invoice.id);
    await context.close();

    for (const [layout, file] of Object.entries(fetched)) {
      expect(file.status, layout).toBe(200);
      expect(file.type).toBe('application/pdf');
      expect(file.disposition).toBe(`inline; filename="${invoice.number}.pdf"`);
      const bytes = new Uint8Array(file.bytes);
      expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
      const pages = await pdfText(bytes);
      const strings = pages.flatMap((p) => p.strings);
      expect(strings).toContain(invoice.number);
      for (const line of invoice.lines) {
        expect(strings).toContain(line.description);
        expect(strings.some((s) => s.endsWith(digits(line.totalMinor)))).toBe(true);
      }
      expect(strings.some((s) => s.endsWith(digits(invoice.totalMinor)))).toBe(true);
      // The member's Chinese name, in the embedded Chinese font.
      expect(allText(pages)).toContain('陳大文');
      if (layout === 'receipt') expect(pages[0]!.width).toBeCloseTo((80 / 25.4) * 72, 1);
      else expect(pages[0]!.width).toBeCloseTo(595.28, 1);
    }
  });

  it('prints the receipt and the A4 invoice from the invoice: the print frame loads the PDF, and no security policy blocks it', async () => {
    const { context, page } = await newPage(browser, server.url);
    const { printed, blocked } = await watchPrinting(page);
    await storeSession(page, server.url, FRONT_DESK);
    await page.goto(`/invoice?keyword=${encodeURIComponent(invoice.number)}`);
    await page.getByTestId('invoice-link').filter({ hasText: invoice.number }).click();
    const drawer = page.getByTestId('invoice-detail');
    await drawer.waitFor();

    await drawer.getByTestId('receipt-printReceipt').click();
    await expect.poll(printed).toEqual([{ url: expect.stringMatching(/^blob:/), type: 'application/pdf' }]);
    await drawer.getByTestId('receipt-printA4').click();
    await expect.poll(printed).toHaveLength(2);
    expect((await printed())[1]).toEqual({ url: expect.stringMatching(/^blob:/), type: 'application/pdf' });
    // The frames go once the print window has had its time.
    await expect.poll(() => page.locator('[data-testid="receipt-print-frame"]').count(), { timeout: 10_000 }).toBe(0);
    expect(await drawer.getByRole('alert').count()).toBe(0);
    expect(blocked).toEqual([]);
    await context.close();
  });
});
