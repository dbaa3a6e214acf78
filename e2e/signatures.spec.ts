/**
 * E-signatures as the desk and the member meet them: a waiver link sent from the member file and
 * signed with the mouse on the public page in German, its signed PDF on the member file verified
 * on the verify panel; a PT contract signed on the tablet (`/epad/{id}`) in a second browser while
 * its connection is down (kept, then sent when it is back); and
 * the door refusing a member whose waiver is required and unsigned, with that reason; and a template
 * changed on the system configuration, saved as its next version.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, pickOption, settled } from './support/browser.ts';
import { type ApiSession, api, apiLogin, demoCenterId, freshCardNumber } from './support/members.ts';
import { openAs, unique } from './support/organisation.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
const MANAGER = 'manager@demo.fit';
const FRONT_DESK = 'frontdesk@demo.fit';

let manager: ApiSession;
let admin: ApiSession;
let cwb: { id: string };

beforeAll(async () => {
  manager = await apiLogin(app.server.url, MANAGER);
  admin = await apiLogin(app.server.url, 'admin@demo.fit');
  cwb = await demoCenterId(manager);
});
afterAll(async () => {
  if (admin) await api(admin, 'PATCH', '/pro/config', { entryRequiresWaiver: false });
});

/** A signature drawn with the mouse across the pad's canvas. */
async function drawSignature(page: Page, testId: string) {
  const canvas = page.getByTestId(`${testId}-canvas`);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
}

/** The consent step, then the drawn signature, then "sign". */
async function consentAndSign(page: Page) {
  await page.getByTestId('signature-consent').click();
  await page.getByTestId('signature-continue').click();
  await drawSignature(page, 'signature-member');
  await page.getByTestId('signature-submit').click();
}

describe('e-signatures', () => {
  it('sends a waiver link from the member file, signs it in German with the mouse, downloads and verifies the PDF, and signs a PT contract on the tablet', async () => {
    const lastName = unique('Schmidt');
    const member = await api<{ id: string }>(manager, 'POST', '/pro/students', {
      firstName: 'Anna',
      lastName,
      phone: `6${Date.now().toString().slice(-7)}`,
      homeCenterId: cwb.id,
      language: 'de',
    });
    const { context, page } = await openAs(
      app.browser,
      app.server.url,
      MANAGER,
      `/apps/student/edit/${member.id}?tab=documents`,
      'member-documents',
    );
    const visitor = await newPage(app.browser, app.server.url);
    const pad = await openAs(app.browser, app.server.url, FRONT_DESK, '/epad/DESK-1', 'epad-waiting');
    try {
      // The waiver in the member's language is offered first; the link is shown to copy.
      await page.getByTestId('signature-send-link').click();
      const link = await page.getByTestId('signature-link').innerText();
      expect(link).toMatch(/\/signature\/[A-Za-z0-9_-]{32}\/$/);

      // The member opens it: German, the document to read, consent, then the signature by mouse.
      await visitor.page.goto(new URL(link).pathname);
      await visitor.page.getByTestId('signature-document-title').getByText('Haftungsverzicht').waitFor();
      await visitor.page
        .getByText('Ich bin einverstanden, dieses Dokument elektronisch zu unterschreiben', { exact: false })
        .waitFor();
      expect(await visitor.page.getByTestId('signature-document').innerText()).toContain(`Anna ${lastName}`);
      await consentAndSign(visitor.page);
      await visitor.page.getByTestId('signature-done').getByText('Danke, das Dokument ist unterschrieben').waitFor();
      // The link is used: opened again, it says so.
      await visitor.page.reload();
      await visitor.page.getByTestId('signature-used').waitFor();

      // The signed PDF is on the member file; downloaded, it verifies as ours.
      await page.reload();
      const row = page.getByTestId('signed-documents').getByRole('row', { name: /Haftungsverzicht/ });
      await row.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId('signed-document-download').click(),
      ]);
      const pdf = await readDownload(download);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await page.getByTestId('signature-verify').locator('input[type=file]').setInputFiles({
        name: 'waiver.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await page.getByTestId('signature-verify-valid').waitFor();
      // One byte changed: not valid.
      const tampered = Buffer.from(pdf);
      tampered[tampered.indexOf('Haftungsverzicht')] = 'X'.charCodeAt(0);
      await page.getByTestId('signature-verify').locator('input[type=file]').setInputFiles({
        name: 'changed.pdf',
        mimeType: 'application/pdf',
        buffer: tampered,
      });
      await page.getByTestId('signature-verify-invalid').waitFor();

      // A PT contract sent to the tablet: the member signs there, and the tablet waits again.
      await page.getByTestId('signature-template').click();
      await settled(page);
      await pickOption(page, page.locator('.ant-select-item-option', { hasText: 'Personal-Training-Vertrag' }));
      await page.getByTestId('signature-pad-id').fill('DESK-1');
      await page.getByTestId('signature-send-pad').click();
      await pad.page.getByTestId('signature-document-title').getByText('Personal-Training-Vertrag').waitFor();
      // The Wi-Fi drops as the member signs: the tablet keeps the signature and sends it when it is back.
      await pad.context.setOffline(true);
      await consentAndSign(pad.page);
      await pad.page.getByTestId('epad-done').getByText('kept on this tablet', { exact: false }).waitFor();
      await pad.page.getByTestId('epad-waiting').waitFor();
      await pad.context.setOffline(false);
      // Nothing of the back office is reachable from the tablet: no menu, no link.
      expect(await pad.page.locator('nav, .ant-menu, a[href]').count()).toBe(0);
      await page.reload();
      await page
        .getByTestId('signed-documents')
        .getByRole('row', { name: /Personal-Training-Vertrag/ })
        .waitFor();
    } finally {
      await pad.context.close();
      await visitor.context.close();
      await context.close();
    }
  });

  it('changes an agreement template on the system configuration as its next version', async () => {
    const code = unique('house-rules').toLowerCase();
    await api(manager, 'POST', '/pro/agreement-templates', {
      code,
      kind: 'other',
      language: 'en',
      title: 'House rules',
      body: 'Hello {{member.name}}',
    });
    const { context, page } = await openAs(
      app.browser,
      app.server.url,
      MANAGER,
      '/system-config',
      'agreement-templates',
    );
    try {
      // At a tablet's 768 px the list scrolls sideways and its edit action stays in sight.
      await page.setViewportSize({ width: 768, height: 1024 });
      const row = page.getByTestId('agreement-template-list').getByRole('row', { name: new RegExp(code) });
      await row.getByTestId('template-version').getByText(/^v1 /).waitFor();
      await row.getByTestId('template-edit').click();
      const dialog = page.locator('.ant-modal.template-dialog');
      // Saving says it makes version 2, and the placeholders are listed as help.
      await dialog.getByTestId('template-new-version').getByText('Saving makes version 2', { exact: false }).waitFor();
      expect(await dialog.getByTestId('template-placeholders').innerText()).toContain('{{member.name}}');
      await dialog.getByTestId('template-title').fill('');
      await dialog.getByTestId('template-save').click();
      await dialog.getByText('This field is required').waitFor();
      await dialog.getByTestId('template-title').fill('House rules 2027');
      await dialog.getByTestId('template-save').click();
      await dialog.waitFor({ state: 'hidden' });
      const changed = page.getByTestId('agreement-template-list').getByRole('row', { name: /House rules 2027/ });
      await changed.getByTestId('template-version').getByText(/^v2 /).waitFor();
    } finally {
      await context.close();
    }
  });

  it('refuses at the door a member whose waiver is required and unsigned, with that reason', async () => {
    const card = freshCardNumber();
    const member = await api<{ id: string }>(manager, 'POST', '/pro/students', {
      firstName: 'Door',
      lastName: unique('Waiver'),
      phone: `7${Date.now().toString().slice(-7)}`,
      homeCenterId: cwb.id,
      cardNumber: card,
    });
    const packs = await api<{ items: { id: string; name: string; price: number }[] }>(
      manager,
      'GET',
      '/pro/packages?pageSize=100',
    );
    const pack = packs.items.find((p) => p.name === '10-class pack')!;
    await api(manager, 'POST', `/pro/students/${member.id}/sales`, {
      centerId: cwb.id,
      lines: [{ itemType: 'package', itemId: pack.id }],
      payment: { method: 'cash', amountMinor: pack.price },
    });
    await api(admin, 'PATCH', '/pro/config', { entryRequiresWaiver: true });
    const tap = await api<{ result: string; reason: string; message: string }>(
      manager,
      'POST',
      `/pro/card/${card}/entry/`,
      { center_id: cwb.id },
    );
    expect(tap).toMatchObject({ result: 'denied', reason: 'agreement_missing' });
    expect(tap.message).toContain('signed agreement missing');
  });
});

async function readDownload(download: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
