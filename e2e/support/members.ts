/** Members through the API, for setting up and checking what the member screens show. */
import { DEMO_PASSWORD } from '@gym/contract/demo';
import type { Page } from 'playwright-core';

export interface ApiSession {
  baseURL: string;
  token: string;
}

export async function apiLogin(baseURL: string, email: string): Promise<ApiSession> {
  const res = await fetch(`${baseURL}/api/v1/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const body = (await res.json()) as { accessToken: string };
  return { baseURL, token: body.accessToken };
}

export async function api<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${session.baseURL}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface ListedMember {
  id: string;
  code: string;
  firstName: string;
  lastName: string;
  chineseName: string | null;
  phone: string | null;
  cardNumber: string | null;
}

export async function searchMembers(session: ApiSession, keyword: string, pageSize = 20) {
  const query = new URLSearchParams({ keyword, pageSize: String(pageSize) });
  return api<{ items: ListedMember[]; total: number }>(session, 'GET', `/pro/students?${query}`);
}

/** The demo's own member (seeded with the demo organisation): 陳大文, phone 91234567, card 0001234567 at CWB. */
export const DEMO_MEMBER = {
  chineseName: '陳大文',
  latinName: 'Tai Man Chan',
  phone: '91234567',
  card: '0001234567',
  center: 'CWB',
} as const;

export async function demoMember(session: ApiSession): Promise<ListedMember> {
  const { items } = await searchMembers(session, DEMO_MEMBER.phone);
  const member = items.find((m) => m.chineseName === DEMO_MEMBER.chineseName);
  if (!member)
    throw new Error('the demo seed has no 陳大文 (phone 91234567): is SEED_DEMO on and the seed up to date?');
  return member;
}

/** A card number nobody holds yet. */
export function freshCardNumber(): string {
  return `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
}

/** The member list's rows as (code, text) pairs, once the list shows something. */
export async function listedCodes(page: Page): Promise<string[]> {
  const rows = page.getByTestId('member-row');
  await page.locator('[data-testid="member-table"] table[aria-busy="false"]').first().waitFor();
  await rows.first().waitFor();
  return rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-code') ?? ''));
}

/** Types a keyword into the member search box and waits for the list to show its rows. */
export async function searchFor(page: Page, keyword: string) {
  const box = page.locator('#member-search');
  await box.fill(keyword);
  await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
  // The address changes before the rows: wait for the table to show this keyword's own rows (it
  // keeps the previous rows, marked busy, while the new ones load).
  await page
    .locator(`[data-testid="member-table"][data-keyword="${keyword}"] table[aria-busy="false"]`)
    .first()
    .waitFor();
}

/** The demo member's home centre (CWB), where test members are created. */
export async function demoCenterId(session: ApiSession): Promise<{ id: string; code: string; timeZone: string }> {
  const { items } = await api<{ items: { id: string; code: string; timeZone: string }[] }>(
    session,
    'GET',
    '/pro/centers/switcher',
  );
  const center = items.find((c) => c.code === DEMO_MEMBER.center) ?? items[0];
  if (!center) throw new Error('the demo organisation has no centre');
  return center;
}
