import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECEIPT_MAX_BYTES } from '@gym/contract/expenditures';
import { today } from '@gym/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/db-snapshot.ts';
import { csvLines, xlsxSheet } from '../../test/exports.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { sniffReceiptType } from './receipts.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;
let dataDir = '';
let rent = '';
let supplies = '';

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
/** A Windows program, named as a PDF. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const upload = (fileName: string, bytes: Buffer) => ({ fileName, content: bytes.toString('base64') });

/** Files kept for the organisation's receipts. */
const receiptFiles = (organisationId: string) => {
  try {
    return readdirSync(join(dataDir, 'receipts', organisationId));
  } catch {
    return [];
  }
};

async function rowCount(organisationId: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await ctx.database.db.execute(
      sql`select count(*)::int as n from expenditures where organisation_id = ${organisationId}`,
    ),
  );
  return Number(rows[0]!.n);
}

async function category(headers: Headers, name: string): Promise<string> {
  const res = await req('POST', '/expenditure-categories', headers, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function spend(headers: Headers, body: Record<string, unknown>) {
  const res = await req('POST', '/expenditures', headers, {
    centerId: centerA,
    categoryId: rent,
    amount: 10_000,
    method: 'cash',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; date: string; amount: number; receipt: unknown };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'expenditures-'));
  ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation({ DATA_DIR: dataDir }));
  rent = await category(manager, 'Rent');
  supplies = await category(manager, 'Supplies');
});
afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('receipt kinds', () => {
  it('are read from the first bytes, whatever the name says', () => {
    expect(sniffReceiptType(PDF)).toBe('application/pdf');
    expect(sniffReceiptType(PNG)).toBe('image/png');
    expect(sniffReceiptType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('image/jpeg');
    expect(sniffReceiptType(Buffer.from('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffReceiptType(Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffReceiptType(EXE)).toBeNull();
    expect(sniffReceiptType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffReceiptType(Buffer.from('%PD'))).toBeNull();
  });
});

describe('expenditures', () => {
  it('records an expenditure with a PDF receipt on the centre’s business date, and serves the receipt back', async () => {
    const before = today('Asia/Hong_Kong');
    const created = await spend(manager, {
      amount: 123_456,
      taxAmount: 2_345,
      supplier: ' Paper & Co ',
      method: 'bank_transfer',
      note: 'Printer paper',
      receipt: upload('invoice.pdf', PDF),
    });
    expect([before, today('Asia/Hong_Kong')]).toContain(created.date);
    expect(created).toMatchObject({
      center: { id: centerA, code: 'A' },
      category: { id: rent, name: 'Rent' },
      amount: 123_456,
      taxAmount: 2_345,
      supplier: 'Paper & Co',
      method: 'bank_transfer',
      receipt: { fileName: 'invoice.pdf', contentType: 'application/pdf', size: PDF.length },
    });
    expect(receiptFiles(org.id)).toHaveLength(1);
    const file = await req('GET', `/expenditures/${created.id}/receipt`, manager);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('invoice.pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await req('GET', `/expenditures/${created.id}`, manager)).json()).toEqual(created);
  });

  it('filters by centre, date range, category, method and keyword; totals cover every filtered row, not the page', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'accountant' })).login());
    const [a, b] = o.centers.map((c) => c.id) as [string, string];
    const cat1 = await category(h, 'Utilities');
    const cat2 = await category(h, 'Cleaning');
    const add = async (body: Record<string, unknown>) => {
      const res = await req('POST', '/expenditures', h, { centerId: a, categoryId: cat1, method: 'cash', ...body });
      expect(res.statusCode, res.body).toBe(201);
    };
    await add({ date: '2026-01-10', amount: 1_000, taxAmount: 100, supplier: 'Power Ltd' });
    await add({ date: '2026-01-20', amount: 2_000, taxAmount: 200, method: 'card', note: 'water bill' });
    await add({ date: '2026-02-01', amount: 4_000, categoryId: cat2, supplier: 'Sparkle' });
    await add({ date: '2026-01-15', amount: 8_000, centerId: b, supplier: 'Power Ltd' });

    const all = (await req('GET', '/expenditures?pageSize=2', h)).json();
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 2, totals: { amount: 15_000, taxAmount: 300 } });
    expect(all.items.map((e: { date: string }) => e.date)).toEqual(['2026-02-01', '2026-01-20']);

    const list = async (qs: string) => (await req('GET', `/expenditures?${qs}`, h)).json();
    expect((await list(`centerId=${a}`)).totals).toEqual({ amount: 7_000, taxAmount: 300 });
    expect((await list('from=2026-01-15&to=2026-01-31')).totals.amount).toBe(10_000);
    expect((await list(`categoryId=${cat2}`)).totals.amount).toBe(4_000);
    expect((await list('method=card')).totals.amount).toBe(2_000);
    expect((await list('keyword=power')).totals.amount).toBe(9_000);
    expect((await list('keyword=WATER')).total).toBe(1);
    expect((await list('keyword=%25')).total).toBe(0);
    const byAmount = await list('sort=-amount&pageSize=2&page=2');
    expect(byAmount.items.map((e: { amount: number }) => e.amount)).toEqual([2_000, 1_000]);
    expect(byAmount.totals.amount).toBe(15_000);
    // A filter that matches nothing: zero totals, not null.
    expect((await list('from=2030-01-01')).totals).toEqual({ amount: 0, taxAmount: 0 });
  });

  it('exports the filtered list as CSV and XLSX, amounts as decimals and as minor units', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const cat = await category(h, 'Repairs');
    for (const [amount, supplier] of [
      [12_345, '=HYPERLINK("x")'],
      [5, 'Fix-it'],
    ] as const) {
      const body = {
        centerId: o.centers[0]!.id,
        categoryId: cat,
        amount,
        method: 'other',
        supplier,
        date: '2026-03-01',
      };
      expect((await req('POST', '/expenditures', h, body)).statusCode).toBe(201);
    }
    const csv = await req('GET', '/expenditures/export?format=csv&sort=amount', h);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv);
    expect(lines[0]).toBe(
      'Date,Centre code,Category,Amount,Tax,Amount (minor units),Tax (minor units),Supplier,Method,Note,Receipt,Recorded by,Recorded',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-03-01,A,Repairs,0\.05,0\.00,5,0,Fix-it,other,/);
    expect(lines[2]).toContain('123.45');
    expect(lines[2]).toContain(`'=HYPERLINK`);
    const xlsx = await req('GET', '/expenditures/export?format=xlsx&keyword=fix', h);
    const sheet = await xlsxSheet(xlsx);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(6).value).toBe(5);
  });

  it('is for managers and accountants: the front desk may neither read, record nor download', async () => {
    const e = await spend(manager, { receipt: upload('r.png', PNG) });
    const desk = ctx.bearer(await (await org.newUser({ role: 'frontdesk' })).login());
    const accountant = ctx.bearer(await (await org.newUser({ role: 'accountant' })).login());
    expect((await req('GET', '/expenditures', desk)).statusCode).toBe(403);
    expect((await req('GET', `/expenditures/${e.id}/receipt`, desk)).statusCode).toBe(403);
    expect((await req('GET', '/expenditures/export?format=csv', desk)).statusCode).toBe(403);
    const post = { centerId: centerA, categoryId: rent, amount: 1, method: 'cash' };
    expect((await req('POST', '/expenditures', desk, post)).statusCode).toBe(403);
    expect((await req('GET', `/expenditures/${e.id}/receipt`, accountant)).statusCode).toBe(200);
    expect((await req('POST', '/expenditures', accountant, post)).statusCode).toBe(201);
  });

  it('a centre-limited manager sees and touches only their centre’s expenditures and receipts', async () => {
    const inB = await spend(manager, { centerId: centerB, amount: 777, receipt: upload('b.pdf', PDF) });
    const local = ctx.bearer(await (await org.newUser({ role: 'manager', centerIds: [centerA] })).login());
    const seen = (await req('GET', '/expenditures?pageSize=200', local)).json();
    expect(seen.items.every((e: { center: { id: string } }) => e.center.id === centerA)).toBe(true);
    expect((await req('GET', `/expenditures?centerId=${centerB}`, local)).json()).toMatchObject({
      total: 0,
      totals: { amount: 0 },
    });
    expect((await req('GET', `/expenditures/${inB.id}`, local)).statusCode).toBe(404);
    expect((await req('GET', `/expenditures/${inB.id}/receipt`, local)).statusCode).toBe(404);
    expect((await req('PATCH', `/expenditures/${inB.id}`, local, { amount: 1 })).statusCode).toBe(404);
    expect((await req('DELETE', `/expenditures/${inB.id}`, local, { reason: 'x' })).statusCode).toBe(404);
    const moved = await req('PATCH', `/expenditures/${(await spend(local, {})).id}`, local, { centerId: centerB });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().fields[0].path).toBe('centerId');
    expect((await req('GET', `/expenditures/${inB.id}`, manager)).json().amount).toBe(777);
  });

  it('another organisation’s expenditures, receipts and categories are invisible and untouchable', async () => {
    const e = await spend(manager, { amount: 4_242, receipt: upload('mine.pdf', PDF) });
    const o = await ctx.newOrganisation();
    const outsider = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    const theirCategory = await category(outsider, 'Theirs');
    expect((await req('GET', `/expenditures/${e.id}`, outsider)).statusCode).toBe(404);
    expect((await req('GET', `/expenditures/${e.id}/receipt`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/expenditures/${e.id}`, outsider, { amount: 1 })).statusCode).toBe(404);
    expect((await req('DELETE', `/expenditures/${e.id}`, outsider, { reason: 'mine now' })).statusCode).toBe(404);
    expect((await req('PATCH', `/expenditure-categories/${rent}`, outsider, { name: 'X' })).statusCode).toBe(404);
    expect((await req('GET', '/expenditures', outsider)).json()).toMatchObject({ total: 0, totals: { amount: 0 } });
    expect((await req('GET', '/expenditure-categories', outsider)).json().items).toEqual([
      { id: theirCategory, name: 'Theirs', active: true },
    ]);
    // Their centre with our category, and our centre with their category: neither exists for the other.
    const ourCategory = await req('POST', '/expenditures', outsider, {
      centerId: o.centers[0]!.id,
      categoryId: rent,
      amount: 1,
      method: 'cash',
    });
    expect(ourCategory.statusCode).toBe(404);
    expect(ourCategory.json().fields[0].path).toBe('categoryId');
    const ourCentre = await req('POST', '/expenditures', outsider, {
      centerId: centerA,
      categoryId: theirCategory,
      amount: 1,
      method: 'cash',
    });
    expect(ourCentre.statusCode).toBe(404);
    expect(await rowCount(o.id)).toBe(0);
    expect((await req('GET', `/expenditures/${e.id}`, manager)).json().amount).toBe(4_242);
  });

  it('refuses a program renamed .pdf by its content: no row, no file', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const cat = await category(h, 'Misc');
    const res = await req('POST', '/expenditures', h, {
      centerId: o.centers[0]!.id,
      categoryId: cat,
      amount: 100,
      method: 'cash',
      receipt: upload('receipt.pdf', EXE),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'receipt', code: 'receipt_type' })]);
    expect(await rowCount(o.id)).toBe(0);
    expect(receiptFiles(o.id)).toEqual([]);
  });

  it('the same record sent twice with one Idempotency-Key is one row and one file', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const cat = await category(h, 'Misc');
    const body = {
      centerId: o.centers[0]!.id,
      categoryId: cat,
      amount: 100,
      method: 'cash',
      receipt: upload('r.pdf', PDF),
    };
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/pro/expenditures',
        headers: { ...h, 'idempotency-key': 'expenditure-once' },
        payload: body,
      });
    const [first, second] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    expect(await rowCount(o.id)).toBe(1);
    expect(receiptFiles(o.id)).toHaveLength(1);
  });

  it('refuses a receipt that is not base64, naming the field', async () => {
    const res = await req('POST', '/expenditures', manager, {
      centerId: centerA,
      categoryId: rent,
      amount: 1,
      method: 'cash',
      receipt: { fileName: 'x.pdf', content: 'not base64!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('receipt.content');
  });

  it('refuses a receipt over 10 MB naming the field: no row, no file', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const cat = await category(h, 'Misc');
    const big = Buffer.alloc(RECEIPT_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const body = { centerId: o.centers[0]!.id, categoryId: cat, amount: 100, method: 'cash' };
    const res = await req('POST', '/expenditures', h, { ...body, receipt: upload('big.pdf', big) });
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().fields[0].path).toMatch(/^receipt/);
    expect(res.json().fields[0].code).toBe('file_too_large');
    // Exactly at the limit is accepted.
    const atLimit = big.subarray(0, RECEIPT_MAX_BYTES);
    expect((await req('POST', '/expenditures', h, { ...body, receipt: upload('ok.pdf', atLimit) })).statusCode).toBe(
      201,
    );
    expect(await rowCount(o.id)).toBe(1);
    expect(receiptFiles(o.id)).toHaveLength(1);
  });

  it('a create that fails after its receipt was written leaves no row and no file', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const cat = await category(h, 'Misc');
    // The database refuses the row itself (as a lost connection or a constraint would), after the file is on disk.
    await ctx.database.db.execute(sql`
      create or replace function refuse_expenditure() returns trigger language plpgsql as $$
      begin if new.note = 'refuse me' then raise exception 'refused for the test'; end if; return new; end $$`);
    await ctx.database.db.execute(sql`
      create trigger refuse_expenditure before insert on expenditures
      for each row execute function refuse_expenditure()`);
    try {
      const res = await req('POST', '/expenditures', h, {
        centerId: o.centers[0]!.id,
        categoryId: cat,
        amount: 100,
        method: 'cash',
        note: 'refuse me',
        receipt: upload('r.pdf', PDF),
      });
      expect(res.statusCode).toBe(500);
      expect(await rowCount(o.id)).toBe(0);
      expect(receiptFiles(o.id)).toEqual([]);
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_expenditure on expenditures`);
    }
  });

  it('checks amounts: integers of minor units, tax within the amount, also when only one of them changes', async () => {
    const base = { centerId: centerA, categoryId: rent, method: 'cash' };
    const fraction = await req('POST', '/expenditures', manager, { ...base, amount: 10.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().fields[0].path).toBe('amount');
    const tax = await req('POST', '/expenditures', manager, { ...base, amount: 100, taxAmount: 101 });
    expect(tax.statusCode).toBe(400);
    expect(tax.json().fields[0]).toMatchObject({ path: 'taxAmount', code: 'tax_exceeds_amount' });
    const e = await spend(manager, { amount: 100, taxAmount: 50 });
    const lower = await req('PATCH', `/expenditures/${e.id}`, manager, { amount: 40 });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().fields[0].path).toBe('taxAmount');
    const wrong = await req('POST', '/expenditures', manager, {
      ...base,
      amount: 1,
      method: 'cheque',
      date: '2026-02-30',
    });
    const paths = wrong.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['method', 'date']));
  });

  it('edits: a new receipt replaces the old file after the commit; the change is audited', async () => {
    const e = await spend(manager, { amount: 500, receipt: upload('old.pdf', PDF) });
    const before = receiptFiles(org.id).length;
    const res = await req('PATCH', `/expenditures/${e.id}`, manager, {
      amount: 600,
      categoryId: supplies,
      receipt: upload('new.png', PNG),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 600, category: { name: 'Supplies' }, receipt: { fileName: 'new.png' } });
    expect(receiptFiles(org.id)).toHaveLength(before);
    expect((await req('GET', `/expenditures/${e.id}/receipt`, manager)).rawPayload.equals(PNG)).toBe(true);
    const removed = await req('PATCH', `/expenditures/${e.id}`, manager, { receipt: null });
    expect(removed.json().receipt).toBeNull();
    expect(receiptFiles(org.id)).toHaveLength(before - 1);
    const audit = (await req('GET', `/audit?entityType=expenditure&action=expenditure.updated`, manager)).json();
    const first = audit.items.find((a: { entityId: string; after: { amount?: number } }) => a.after?.amount === 600);
    expect(first).toMatchObject({ entityId: e.id, before: { amount: 500, receipt: 'old.pdf' } });
  });

  it('delete needs a reason, keeps the row out of lists and totals, and is audited', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const cat = await category(h, 'Misc');
    const body = { centerId: o.centers[0]!.id, categoryId: cat, method: 'cash' };
    const keep = (await req('POST', '/expenditures', h, { ...body, amount: 300 })).json();
    const gone = (
      await req('POST', '/expenditures', h, { ...body, amount: 700, receipt: upload('r.pdf', PDF) })
    ).json();
    expect((await req('DELETE', `/expenditures/${gone.id}`, h, {})).statusCode).toBe(400);
    expect((await req('DELETE', `/expenditures/${gone.id}`, h, { reason: 'Entered twice' })).statusCode).toBe(204);
    expect((await req('DELETE', `/expenditures/${gone.id}`, h, { reason: 'again' })).statusCode).toBe(404);
    const list = (await req('GET', '/expenditures', h)).json();
    expect(list).toMatchObject({ total: 1, totals: { amount: 300 } });
    expect(list.items[0].id).toBe(keep.id);
    expect((await req('GET', `/expenditures/${gone.id}`, h)).statusCode).toBe(404);
    expect((await req('GET', `/expenditures/${gone.id}/receipt`, h)).statusCode).toBe(404);
    expect(await rowCount(o.id)).toBe(2);
    const audit = (await req('GET', '/audit?action=expenditure.deleted', h)).json();
    expect(audit.items).toEqual([
      expect.objectContaining({ entityId: gone.id, before: expect.objectContaining({ amount: 700 }) }),
    ]);
    expect(audit.items[0].summary).toContain('Entered twice');
  });

  it('categories are the organisation’s own list: unique names, retired ones take no new expenditure', async () => {
    const dup = await req('POST', '/expenditure-categories', manager, { name: 'RENT' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields[0]).toMatchObject({ path: 'name', code: 'name_taken' });
    const old = await category(manager, 'Old stuff');
    expect((await req('PATCH', `/expenditure-categories/${old}`, manager, { active: false })).statusCode).toBe(200);
    const names = (await req('GET', '/expenditure-categories', manager))
      .json()
      .items.map((c: { name: string }) => c.name);
    expect(names).not.toContain('Old stuff');
    const all = (await req('GET', '/expenditure-categories?includeInactive=true', manager)).json();
    expect(all.items).toContainEqual({ id: old, name: 'Old stuff', active: false });
    const refused = await req('POST', '/expenditures', manager, {
      centerId: centerA,
      categoryId: old,
      amount: 1,
      method: 'cash',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields[0]).toMatchObject({ path: 'categoryId', code: 'category_inactive' });
  });
});
