import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productStock, stockMovements } from '../../db/schema/index.ts';
import { csvLines, xlsxSheet } from '../../test/exports.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

beforeAll(async () => ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation()));
afterAll(() => ctx?.close());

let skuCounter = 0;
async function product(headers: Headers, fields: Record<string, unknown> = {}) {
  skuCounter += 1;
  const res = await req('POST', '/products', headers, {
    name: `Product ${skuCounter}`,
    sku: `SKU-${skuCounter}`,
    price: 1990,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: string;
    name: string;
    sku: string;
    stock: { center: { id: string }; onHand: number; low: boolean }[];
  };
}
const stockIn = (p: { stock: { center: { id: string }; onHand: number }[] }, centerId: string) =>
  p.stock.find((s) => s.center.id === centerId)?.onHand;

async function movementsOf(productId: string) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId));
  return row!.n;
}
async function auditRowsOf(productId: string) {
  const [row] = await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, productId));
  return row!.n;
}

describe('products', () => {
  it('creates a product and lists it with a stock row per centre, found by name, SKU or barcode', async () => {
    const p = await product(manager, {
      name: ' Protein Bar ',
      sku: 'PB-001',
      barcode: '4006381333931',
      category: 'Food',
      price: 2500,
      taxRateBp: 770,
      lowStockThreshold: 2,
    });
    expect(p).toMatchObject({
      name: 'Protein Bar',
      sku: 'PB-001',
      barcode: '4006381333931',
      category: 'Food',
      price: 2500,
      taxRateBp: 770,
      active: true,
      lowStock: true,
    });
    expect(p.stock.map((s) => [s.center.id, s.onHand, s.low])).toEqual([
      [centerA, 0, true],
      [centerB, 0, true],
    ]);
    for (const keyword of ['protein', 'pb-00', '4006381333931']) {
      const list = (await req('GET', `/products?keyword=${keyword}`, manager)).json();
      expect(
        list.items.map((x: { id: string }) => x.id),
        keyword,
      ).toEqual([p.id]);
    }
    expect((await req('GET', '/products?category=food', manager)).json().total).toBe(1);
    expect((await req('GET', '/products/by-barcode/4006381333931', manager)).json().id).toBe(p.id);
    expect((await req('GET', '/products/by-barcode/0000000000', manager)).statusCode).toBe(404);
  });

  it('keeps SKUs unique per organisation whatever the case, and barcodes unique, naming the field', async () => {
    await product(manager, { sku: 'TOWEL-L', barcode: '12345678' });
    const sku = await req('POST', '/products', manager, { name: 'Other', sku: 'towel-l', price: 1 });
    expect(sku.statusCode).toBe(409);
    expect(sku.json()).toMatchObject({ error: 'code_taken', fields: [{ path: 'sku' }] });
    const barcode = await req('POST', '/products', manager, {
      name: 'Other',
      sku: 'X-1',
      barcode: '12345678',
      price: 1,
    });
    expect(barcode.statusCode).toBe(409);
    expect(barcode.json().fields[0].path).toBe('barcode');
    const other = await product(manager, { sku: 'TOWEL-S' });
    const rename = await req('PATCH', `/products/${other.id}`, manager, { sku: 'Towel-L' });
    expect(rename.statusCode).toBe(409);
    expect((await req('GET', `/products/${other.id}`, manager)).json().sku).toBe('TOWEL-S');
    // Another organisation may use the same SKU.
    const o = await ctx.newOrganisation();
    await product(ctx.bearer(await (await o.newUser({ role: 'manager' })).login()), {
      sku: 'TOWEL-L',
      barcode: '12345678',
    });
  });

  it('names the wrong fields and writes nothing', async () => {
    const res = await req('POST', '/products', manager, {
      name: '',
      sku: 'has space',
      price: 12.5,
      taxRateBp: 10001,
      barcode: 'x',
      colour: 'red',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'sku', 'price', 'taxRateBp', 'barcode', 'colour']));
  });

  it('patches, deactivates and reactivates; the active filter follows', async () => {
    const p = await product(manager, { name: 'Shaker' });
    expect((await req('PATCH', `/products/${p.id}`, manager, { price: 3000, category: 'Gear' })).json()).toMatchObject({
      price: 3000,
      category: 'Gear',
    });
    expect((await req('DELETE', `/products/${p.id}`, manager)).statusCode).toBe(204);
    const inactive = (await req('GET', '/products?active=false&keyword=shaker', manager)).json();
    expect(inactive.items).toHaveLength(1);
    expect((await req('GET', '/products?active=true&keyword=shaker', manager)).json().total).toBe(0);
    expect((await req('PATCH', `/products/${p.id}`, manager, { active: true })).json().active).toBe(true);
  });

  it('receives and adjusts stock; a shortage is refused with 409 on quantity and writes nothing', async () => {
    const p = await product(manager, { lowStockThreshold: 3 });
    const received = await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'received',
      quantity: 10,
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json()).toMatchObject({ kind: 'received', quantity: 10, onHand: 10, center: { id: centerA } });
    const after = (await req('GET', `/products/${p.id}`, manager)).json();
    expect(stockIn(after, centerA)).toBe(10);
    expect(after.stock.find((s: { center: { id: string } }) => s.center.id === centerA).low).toBe(false);

    const noReason = await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'adjusted',
      quantity: -2,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields[0]).toMatchObject({ path: 'reason', code: 'reason_required' });
    const negativeDelivery = await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'received',
      quantity: -1,
    });
    expect(negativeDelivery.json().fields[0].path).toBe('quantity');

    const adjusted = await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'adjusted',
      quantity: -8,
      reason: 'Count on Monday',
    });
    expect(adjusted.json()).toMatchObject({ onHand: 2, reason: 'Count on Monday' });

    const movements = await movementsOf(p.id);
    const audits = await auditRowsOf(p.id);
    const short = await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'adjusted',
      quantity: -3,
      reason: 'Broken',
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      error: 'stock_short',
      fields: [{ path: 'quantity', code: 'stock_short' }],
      details: { onHand: 2 },
    });
    // Nothing stocked in B: taking one there is short too, and creates no stock row.
    const none = await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerB,
      kind: 'adjusted',
      quantity: -1,
      reason: 'Lost',
    });
    expect(none.statusCode).toBe(409);
    expect(await movementsOf(p.id)).toBe(movements);
    expect(await auditRowsOf(p.id)).toBe(audits);
    const rows = await ctx.database.db.select().from(productStock).where(eq(productStock.productId, p.id));
    expect(rows.map((r) => [r.centerId, r.onHand])).toEqual([[centerA, 2]]);

    // Low on stock in A now (2 <= 3): the low-stock filter finds it there, not in B... B has 0, low too.
    const lowInA = (await req('GET', `/products?lowStock=true&centerId=${centerA}&pageSize=200`, manager)).json();
    expect(lowInA.items.map((x: { id: string }) => x.id)).toContain(p.id);

    const history = (await req('GET', `/products/${p.id}/stock-movements`, manager)).json();
    expect(history.total).toBe(2);
    expect(history.items.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([
      ['adjusted', -8],
      ['received', 10],
    ]);
    expect(history.items[0].staff.name).toBe('manager of ' + org.initial);
  });

  it('the low-stock filter leaves out products above their threshold in that centre', async () => {
    const p = await product(manager, { lowStockThreshold: 1 });
    await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerB,
      kind: 'received',
      quantity: 5,
    });
    const inB = (await req('GET', `/products?lowStock=true&centerId=${centerB}&pageSize=200`, manager)).json();
    expect(inB.items.map((x: { id: string }) => x.id)).not.toContain(p.id);
    const inA = (await req('GET', `/products?lowStock=true&centerId=${centerA}&pageSize=200`, manager)).json();
    expect(inA.items.map((x: { id: string }) => x.id)).toContain(p.id);
  });

  it('20 concurrent adjustments of −1 on a stock of 5 leave exactly 0: 5 taken, 15 refused', async () => {
    const p = await product(manager);
    await req('POST', `/products/${p.id}/stock-movements`, manager, {
      centerId: centerA,
      kind: 'received',
      quantity: 5,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        req('POST', `/products/${p.id}/stock-movements`, manager, {
          centerId: centerA,
          kind: 'adjusted',
          quantity: -1,
          reason: 'Race',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    const [stock] = await ctx.database.db
      .select()
      .from(productStock)
      .where(and(eq(productStock.productId, p.id), eq(productStock.centerId, centerA)));
    expect(stock!.onHand).toBe(0);
    expect(await movementsOf(p.id)).toBe(6);
  });

  it('lets every gym role read, and only managers change the catalogue or move stock', async () => {
    const p = await product(manager);
    for (const role of ['frontdesk', 'trainer', 'accountant'] as const) {
      const h = ctx.bearer(await (await org.newUser({ role })).login());
      expect((await req('GET', '/products', h)).statusCode, role).toBe(200);
      expect((await req('GET', `/products/${p.id}/stock-movements`, h)).statusCode, role).toBe(200);
      expect((await req('POST', '/products', h, { name: 'N', sku: `R-${role}`, price: 1 })).statusCode, role).toBe(403);
      expect((await req('PATCH', `/products/${p.id}`, h, { price: 1 })).statusCode, role).toBe(403);
      const move = await req('POST', `/products/${p.id}/stock-movements`, h, {
        centerId: centerA,
        kind: 'received',
        quantity: 1,
      });
      expect(move.statusCode, role).toBe(403);
    }
    expect(await movementsOf(p.id)).toBe(0);
  });

  it('another organisation’s products and a centre the caller does not work in do not exist for them', async () => {
    const p = await product(manager);
    const outsider = ctx.bearer(await (await (await ctx.newOrganisation()).newUser({ role: 'admin' })).login());
    expect((await req('GET', `/products/${p.id}`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/products/${p.id}`, outsider, { price: 1 })).statusCode).toBe(404);
    expect((await req('DELETE', `/products/${p.id}`, outsider)).statusCode).toBe(404);
    expect((await req('GET', `/products/${p.id}/stock-movements`, outsider)).statusCode).toBe(404);
    expect(
      (
        await req('POST', `/products/${p.id}/stock-movements`, outsider, {
          centerId: centerA,
          kind: 'received',
          quantity: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await req('GET', '/products', outsider)).json().total).toBe(0);
    const local = ctx.bearer(await (await org.newUser({ role: 'manager', centerIds: [centerA] })).login());
    const elsewhere = await req('POST', `/products/${p.id}/stock-movements`, local, {
      centerId: centerB,
      kind: 'received',
      quantity: 1,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().fields[0].path).toBe('centerId');
    // Their stock table shows their centre only.
    expect(
      (await req('GET', `/products/${p.id}`, local)).json().stock.map((s: { center: { id: string } }) => s.center.id),
    ).toEqual([centerA]);
    expect(await movementsOf(p.id)).toBe(0);
  });

  it('the database refuses a stock row of one organisation in a centre of another', async () => {
    const p = await product(manager);
    const other = await ctx.newOrganisation();
    const refused = await ctx.database.db
      .insert(productStock)
      .values({ organisationId: org.id, productId: p.id, centerId: other.centers[0]!.id, onHand: 1 })
      .then(
        () => 'accepted',
        (e: { cause?: { constraint?: string }; message: string }) => `${e.cause?.constraint ?? ''} ${e.message}`,
      );
    expect(refused).toMatch(/product_stock_org_center_fk/);
  });

  it('exports the list as CSV and XLSX', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    await product(h, { name: '=cmd()', sku: 'E-1', price: 1234 });
    await product(h, { name: 'Gloves', sku: 'E-2', category: 'Gear' });
    const csv = await req('GET', '/products/export?format=csv', h);
    expect(csv.statusCode).toBe(200);
    const lines = csvLines(csv);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Name,SKU,Barcode');
    expect(lines.join('\n')).toContain(`'=cmd()`);
    const xlsx = await req('GET', '/products/export?format=xlsx&category=gear', h);
    const sheet = await xlsxSheet(xlsx);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Gloves');
  });
});

describe('product sets', () => {
  it('creates a set of the organisation’s products and refuses empty, duplicate or foreign items', async () => {
    const a = await product(manager, { name: 'Bottle' });
    const b = await product(manager, { name: 'Bag' });
    const res = await req('POST', '/product-sets', manager, {
      name: 'Starter Kit',
      price: 9900,
      items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const set = res.json();
    expect(set).toMatchObject({ name: 'Starter Kit', price: 9900, active: true });
    expect(set.items.map((i: { product: { name: string }; quantity: number }) => [i.product.name, i.quantity])).toEqual(
      [
        ['Bag', 1],
        ['Bottle', 2],
      ],
    );
    /** A new set at a price of 1 of these products and quantities. */
    const setOf = (name: string, ...items: { id: string; quantity: number }[]) =>
      req('POST', '/product-sets', manager, {
        name,
        price: 1,
        items: items.map(({ id, quantity }) => ({ productId: id, quantity })),
      });
    const empty = await setOf('Empty');
    expect(empty.json().fields[0]).toMatchObject({ path: 'items' });
    const dup = await setOf('Dup', { id: a.id, quantity: 1 }, { id: a.id, quantity: 3 });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields[0]).toMatchObject({ path: 'items.1.productId', code: 'duplicate_product' });
    const o = await ctx.newOrganisation();
    const foreign = await product(await o.signIn('manager'));
    const theirs = await setOf('Theirs', { id: a.id, quantity: 1 }, { id: foreign.id, quantity: 1 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().fields[0].path).toBe('items.1.productId');
    const clash = await setOf('starter kit', { id: a.id, quantity: 1 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields[0].path).toBe('name');

    const patched = await req('PATCH', `/product-sets/${set.id}`, manager, {
      items: [{ productId: b.id, quantity: 4 }],
    });
    expect(patched.json().items).toEqual([{ product: expect.objectContaining({ id: b.id }), quantity: 4 }]);
    expect((await req('GET', '/product-sets?keyword=starter', manager)).json().total).toBe(1);
    expect((await req('DELETE', `/product-sets/${set.id}`, manager)).statusCode).toBe(204);
    expect((await req('GET', '/product-sets?keyword=starter&active=true', manager)).json().total).toBe(0);
    const csv = await req('GET', '/product-sets/export?format=csv', manager);
    expect(csv.body).toContain('4 × Bag');
    const outsider = ctx.bearer(await (await o.newUser({ role: 'admin' })).login());
    expect((await req('GET', `/product-sets/${set.id}`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/product-sets/${set.id}`, outsider, { price: 1 })).statusCode).toBe(404);
  });
});
