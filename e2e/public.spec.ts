/**
 * The public pages of the demo organisation (DF), opened without signing in: a prospect registers
 * in Portuguese, an unknown centre says so, and a member links a card through a one-time link.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordResetSuite } from './suites/password-reset.ts';
import { registerOrganisationSuite } from './suites/register-organisation.ts';
import { followFakeClock, newPage, pressUntil, settled } from './support/browser.ts';
import { type ApiSession, api, apiLogin, demoMember, freshCardNumber } from './support/members.ts';
import { changeConfig, fieldHelp, openAs, seriousViolations, unique } from './support/organisation.ts';
import { useAppServer } from './support/server.ts';

const app = useAppServer();
let admin: ApiSession;

beforeAll(async () => {
  admin = await apiLogin(app.server.url, 'admin@demo.fit');
});

/** A 1 × 1 PNG: the smallest image the server's check decodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('public registration', () => {
  it('shows the centre’s current slides: a slide made on /slider appears on the registration page', async () => {
    const staff = await openAs(app.browser, app.server.url, 'admin@demo.fit', '/slider', 'screen-slider');
    const title = unique('Open day');
    await staff.page.getByTestId('slide-add').click();
    await staff.page
      .getByTestId('slide-image-pick-input')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await staff.page.getByRole('img', { name: 'Chosen image' }).waitFor();
    await staff.page.getByTestId('slide-title').fill(title);
    await pressUntil(
      staff.page,
      staff.page.getByTestId('slide-submit'),
      staff.page.getByTestId('slide-list').getByText(title),
    );
    await staff.context.close();

    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/register/DF/CWB/');
    await page.getByTestId('register-form').waitFor();
    await page.getByTestId('register-slides').getByRole('img', { name: title }).first().waitFor();
    await context.close();
  });

  it('registers a prospect in Portuguese, with the errors beside the fields, and staff see them as new', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/register/DF/CWB/');
    await page.getByTestId('register-form').waitFor();
    await page.getByText('Leave your details').waitFor();

    await page.getByTestId('language-switcher').selectOption('pt');
    await page.getByText('Deixe seus dados e a unidade').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
    for (const label of ['Nome', 'Sobrenome', 'Celular', 'E-mail']) {
      await page.getByLabel(label, { exact: true }).waitFor();
    }
    await page.getByText('Li e aceito o aviso de privacidade.').waitFor();
    // Marketing consent is asked, never assumed.
    expect(await page.getByRole('checkbox', { name: /novidades e ofertas/ }).isChecked()).toBe(false);

    const lastName = unique('Souza');
    await page.getByLabel('Nome', { exact: true }).fill('Ana');
    await page.getByLabel('Sobrenome', { exact: true }).fill(lastName);
    await page.getByLabel('Celular', { exact: true }).fill('12ab');
    await page.getByLabel('E-mail', { exact: true }).fill(`${lastName.toLowerCase()}@example.com`);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await fieldHelp(page, 'register_phone').getByText('Informe um telefone').waitFor();
    await fieldHelp(page, 'register_privacyAccepted').getByText('Aceite o aviso de privacidade').waitFor();

    await page.getByLabel('Celular', { exact: true }).fill('+55 41 99876-5432');
    // The messages beside the fields slide in: a click while they move can miss (a loaded CI run).
    await settled(page);
    await page.getByRole('checkbox', { name: /Li e aceito o aviso de privacidade/ }).check();
    // Ticked, the box's message slides out and the button moves up: loaded runs lost this click.
    await pressUntil(page, page.getByRole('button', { name: 'Cadastrar' }), page.getByTestId('register-done'));
    await page.getByText('Obrigado, Ana!').waitFor();
    await page.getByText('vai entrar em contato em breve').waitFor();
    await context.close();

    const fresh = await api<{ items: { lastName: string; status: string; isNew: boolean }[] }>(
      admin,
      'GET',
      `/pro/students?isNew=true&keyword=${encodeURIComponent(lastName)}`,
    );
    expect(fresh.items).toEqual([expect.objectContaining({ lastName, status: 'prospect', isNew: true })]);
  });

  it('keeps what a visitor typed when the chosen language’s component texts come after they began typing', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    // antd's Portuguese texts (the "(opcional)" beside a field, the date picker's) come late, as on
    // a slow line: the visitor has begun typing by then.
    let releaseTexts = () => {};
    const textsHeld = new Promise<void>((resolve) => {
      releaseTexts = resolve;
    });
    await page.route(/pt_BR[^/]*\.js$/, async (route) => {
      await textsHeld;
      await route.continue();
    });
    await page.goto('/register/DF/CWB/');
    await page.getByTestId('register-form').waitFor();
    await page.getByTestId('language-switcher').selectOption('pt');
    await page.getByText('Deixe seus dados e a unidade').waitFor();
    expect(await page.getByText('(opcional)').count()).toBe(0);
    await page.getByLabel('Nome', { exact: true }).fill('Ana');
    await page.getByLabel('Sobrenome', { exact: true }).fill('Souza');
    await page.getByLabel('E-mail', { exact: true }).fill('ana.souza@example.com');
    releaseTexts();
    await page.getByText('(opcional)').first().waitFor();
    // The texts came and the form is the same form: nothing typed was lost.
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Ana');
    expect(await page.getByLabel('Sobrenome', { exact: true }).inputValue()).toBe('Souza');
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('ana.souza@example.com');
    await context.close();
  });

  it('says clearly that a registration page of an unknown centre does not exist', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/register/DF/NOPE/');
    await page.getByTestId('register-not-found').waitFor();
    await page.getByText('This registration page does not exist').waitFor();
    expect(await page.getByTestId('register-form').count()).toBe(0);
    await context.close();
  });
  it('says when the organisation closed its registration page', async () => {
    await changeConfig(admin, { registrationOpen: false });
    try {
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.goto('/register/DF/CWB/');
      await page.getByTestId('register-closed').waitFor();
      await page.getByText('Registration is closed').waitFor();
      await context.close();
    } finally {
      await changeConfig(admin, { registrationOpen: true });
    }
  });
});

describe('card link', () => {
  it('links a card once; the same link then says it was already used', async () => {
    const member = await demoMember(admin);
    const issued = await api<{ url: string }>(admin, 'POST', `/pro/students/${member.id}/card-link`);
    const path = new URL(issued.url).pathname;
    expect(path).toMatch(/^\/card_link\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+\/?$/);

    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto(path);
    await page.getByTestId('card-link-form').waitFor();
    await page.getByText(/Hello .+! Type the number printed on your card/).waitFor();

    await page.getByLabel('Card number').fill('x');
    await page.getByRole('button', { name: 'Link my card' }).click();
    await fieldHelp(page, 'card_link_cardNumber').getByText('A card number has 4 to 32 letters or digits.').waitFor();

    const number = freshCardNumber();
    await page.getByLabel('Card number').fill(number.toLowerCase());
    await page.getByRole('button', { name: 'Link my card' }).click();
    await page.getByTestId('card-link-done').waitFor();
    await page.getByText(`Card ${number} now opens the doors`).waitFor();

    await page.goto(path);
    await page.getByTestId('card-link-used').waitFor();
    await page.getByText('This link was already used').waitFor();

    const { items } = await api<{ items: { id: string; cardNumber: string | null }[] }>(
      admin,
      'GET',
      `/pro/students?keyword=${number}`,
    );
    expect(items.map((m) => m.id)).toEqual([member.id]);
    await context.close();
  });

  it('says a made-up link is not valid', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const centre = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/card_link/${centre}/${'a'.repeat(32)}/`);
    await page.getByTestId('card-link-invalid').waitFor();
    await page.getByText('This link is not valid').waitFor();
    await context.close();
  });
});

describe('on a phone', () => {
  it('the registration and card link pages fit 375 px and have no serious axe violations', async () => {
    const context = await app.browser.newContext({
      baseURL: app.server.url,
      viewport: { width: 375, height: 740 },
      locale: 'en-US',
    });
    await followFakeClock(context);
    const page = await context.newPage();
    await page.goto('/register/DF/MK/');
    await page.getByTestId('register-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The robots' field is out of sight and out of the keyboard's way.
    const trap = page.locator('#register_website');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.isVisible()).toBe(true);
    expect((await trap.boundingBox())?.x ?? 0).toBeLessThan(0);
    const problems = await seriousViolations(page, '/register');
    await page.goto(`/card_link/00000000-0000-4000-8000-000000000000/${'b'.repeat(32)}/`);
    await page.getByTestId('card-link-invalid').waitFor();
    problems.push(...(await seriousViolations(page, '/card_link')));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('too many registrations', () => {
  it('tells the visitor how many minutes to wait', async () => {
    const body = {
      firstName: 'Rate',
      lastName: 'Limit',
      phone: '+55 41 90000-0000',
      email: 'rate.limit@example.com',
      language: 'en',
      privacyAccepted: true,
    };
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${app.server.url}/api/v1/public/register/DF/MK`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, email: `rate.limit.${i}@example.com` }),
      });
      if (res.status === 429) break;
    }
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/register/DF/MK/');
    await page.getByTestId('register-form').waitFor();
    await page.getByLabel('First name', { exact: true }).fill('Rita');
    await page.getByLabel('Last name', { exact: true }).fill('Wait');
    await page.getByLabel('Mobile phone', { exact: true }).fill('+55 41 91111-2222');
    await page.getByLabel('E-mail', { exact: true }).fill('rita.wait@example.com');
    await page.getByText('I have read and accept the privacy notice.').click();
    await page.getByRole('button', { name: 'Register' }).click();
    await page
      .getByTestId('register-error')
      .getByText(/Too many attempts\. Try again in \d+ min\./)
      .waitFor();
    await context.close();
  });
});

// Two more pages reached without signing in, on this file's server (server starts are the e2e step's largest fixed cost).
registerOrganisationSuite(app);
passwordResetSuite(app);
