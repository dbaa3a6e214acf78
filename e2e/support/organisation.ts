/** Helpers of the organisation and public-page specs: signed-in pages, antd confirmations, config. */

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axe } from './axe.ts';
import { newPage, pressConfirm, settled, storeSession } from './browser.ts';
import { type ApiSession, api } from './members.ts';

export interface OpenPage {
  context: BrowserContext;
  page: Page;
}

/** A new browser context signed in as `email` (through the API), showing `path` once `testId` is there. */
export async function openAs(
  browser: Browser,
  baseURL: string,
  email: string,
  path: string,
  testId: string,
): Promise<OpenPage> {
  const opened = await newPage(browser, baseURL);
  await storeSession(opened.page, baseURL, email);
  await opened.page.goto(path);
  await opened.page.getByTestId(testId).waitFor();
  return opened;
}

/**
 * Accepts the open confirmation dialog (antd `modal.confirm`). A loaded run's click on its OK while
 * it zoomed in was lost: `pressConfirm` waits for it to settle and presses again if need be.
 */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor();
  await pressConfirm(page, dialog.locator('.ant-modal-confirm-btns .ant-btn-primary'));
  await dialog.waitFor({ state: 'hidden' });
}

/** The help text antd shows beside a form field (`<form name>_<field>`). */
export function fieldHelp(page: Page, fieldId: string) {
  return page.locator(`#${fieldId}_help`);
}

export interface ConfigShape {
  currencySymbol: string;
  maintenanceMode: boolean;
  registrationOpen: boolean;
}

export const readConfig = (session: ApiSession) => api<ConfigShape>(session, 'GET', '/pro/config');
export const changeConfig = (session: ApiSession, patch: Partial<ConfigShape>) =>
  api<ConfigShape>(session, 'PATCH', '/pro/config', patch);

/** A name or serial number nobody used yet. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
}

/** Serious and critical WCAG 2 A/AA problems on the page, as `label: rule (count)`. */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // What a person reads is the screen at rest: a dialog or list still fading in (antd's motion
  // classes, `ant-zoom-appear` and the like, start at opacity 0) would measure pale text.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')].every(
      (e) => !/\bant-[a-z-]+-(appear|enter|leave)\b/.test(e.className.toString()),
    ),
  );
  await settled(page);
  const result = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}`);
}
