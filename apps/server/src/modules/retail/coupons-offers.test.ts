import { addDays, today as businessToday } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centers, couponUses, invoices } from '../../db/schema/index.ts';
import { type Headers, startWithOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';

let ctx: TestContext, org: TestOrganisation, manager: Headers, centerA: string, centerB: string;

const req = (...a: Parameters<TestContext['pro']>) => ctx.pro(...a);

beforeAll(async () => ({ ctx, org, manager, centerA, centerB } = await startWithOrganisation()));
afterAll(() => ctx?.close());

async function create(url: string, body: Record<string, unknown>, headers = manager) {
  const res = await req('POST', url, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let invoiceSeq = 0;
/** A coupon use as the sale records it (an invoice row to hang it on). */
async function useCoupon(couponId: string, memberId: string, released = false) {
  invoiceSeq += 1;
  const { db } = ctx.database;
  const [invoice] = await db
    .insert(invoices)
    .values({
      organisationId: org.id,
      centerId: centerA,
      memberId,
      seq: invoiceSeq,
      number: `A-${String(invoiceSeq).padStart(6, '0')}`,
      issuedOn: '2026-01-01',
      currencyCode: 'HKD',
      subtotalMinor: 1000,
      discountMinor: 100,
      totalMinor: 900,
      taxMinor: 0,
      couponId,
    })
    .returning();
  await db.insert(couponUses).values({
    organisationId: org.id,
    couponId,
    invoiceId: invoice!.id,
    memberId,
    discountMinor: 100,
    releasedAt: released ? new Date() : null,
  });
}

describe('coupons', () => {
  it('creates percent and amount coupons, codes unique per organisation whatever the case, kept as typed', async () => {
    const c = await create('/coupons', { code: 'Welcome10', kind: 'percent', percentBp: 1000, usageLimit: 100 });
    expect(c).toMatchObject({
      code: 'Welcome10',
      kind: 'percent',
      percentBp: 1000,
      amount: 0,
      uses: 0,
      perMemberLimit: null,
    });
    const clash = await req('POST', '/coupons', manager, { code: 'WELCOME10', kind: 'amount', amount: 500 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: 'code_taken', fields: [{ path: 'code' }] });
    const amount = await create('/coupons', { code: 'LESS50', kind: 'amount', amount: 5000, minSpend: 20000 });
    expect(amount).toMatchObject({ amount: 5000, percentBp: 0, minSpend: 20000 });
    expect(
      (await req('GET', '/coupons?keyword=welcome', manager)).json().items.map((x: { id: string }) => x.id),
    ).toEqual([c.id]);
    expect((await req('GET', '/coupons?kind=amount', manager)).json().total).toBe(1);
  });

  it('names broken rules across fields: percent range, positive amount, window order, unknown items', async () => {
    const bad = await req('POST', '/coupons', manager, {
      code: 'BAD',
      kind: 'percent',
      percentBp: 0,
      validFrom: '2026-02-01',
      validUntil: '2026-01-01',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields.map((f: { path: string; code: string }) => `${f.path}:${f.code}`);
    expect(fields).toEqual(expect.arrayContaining(['percentBp:percent_range', 'validUntil:window_order']));
    const noAmount = await req('POST', '/coupons', manager, { code: 'BAD2', kind: 'amount' });
    expect(noAmount.json().fields[0]).toMatchObject({ path: 'amount' });
    const tooMuch = await req('POST', '/coupons', manager, { code: 'BAD3', kind: 'percent', percentBp: 10001 });
    expect(tooMuch.json().fields[0].path).toBe('percentBp');
    const code = await req('POST', '/coupons', manager, { code: 'has space', kind: 'percent', percentBp: 5 });
    expect(code.json().fields[0]).toMatchObject({ path: 'code', code: 'coupon_code_format' });
    const items = await req('POST', '/coupons', manager, {
      code: 'ITEMS',
      kind: 'percent',
      percentBp: 500,
      appliesToItems: [{ type: 'product', id: crypto.randomUUID() }],
    });
    expect(items.statusCode).toBe(404);
    expect(items.json().fields[0].path).toBe('appliesToItems.0.id');
    // A patch is judged merged with the row: switching to amount needs an amount.
    const c = await create('/coupons', { code: 'SWITCH', kind: 'percent', percentBp: 500 });
    const patch = await req('PATCH', `/coupons/${c.id}`, manager, { kind: 'amount' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fields[0].path).toBe('amount');
    const window = await req('PATCH', `/coupons/${c.id}`, manager, {
      validUntil: '2020-01-01',
      validFrom: '2021-01-01',
    });
    expect(window.statusCode).toBe(400);
    expect((await req('PATCH', `/coupons/${c.id}`, manager, { kind: 'amount', amount: 300 })).json()).toMatchObject({
      kind: 'amount',
      amount: 300,
      percentBp: 0,
    });
  });

  it('applies to item types and named items of the organisation, shown with their names', async () => {
    const p = await create('/products', { name: 'Yoga Mat', sku: 'MAT-1', price: 12000 });
    const c = await create('/coupons', {
      code: 'MATS',
      kind: 'percent',
      percentBp: 2000,
      appliesToTypes: ['product_set'],
      appliesToItems: [{ type: 'product', id: p.id }],
    });
    expect(c.appliesToTypes).toEqual(['product_set']);
    expect(c.appliesToItems).toEqual([{ type: 'product', id: p.id, name: 'Yoga Mat' }]);
  });

  it('counts uses (released ones not), and the check answers why a code cannot be used now', async () => {
    const member = await org.newMember();
    const other = await org.newMember();
    const today = businessToday('Asia/Hong_Kong');
    const c = await create('/coupons', { code: 'ONCE', kind: 'amount', amount: 100, usageLimit: 3, perMemberLimit: 1 });
    const check = async (query: string) => (await req('GET', `/coupons/check?${query}`, manager)).json();
    expect(await check(`code=once&memberId=${member.id}`)).toMatchObject({
      usable: true,
      reason: null,
      coupon: { id: c.id },
    });
    await useCoupon(c.id, member.id);
    await useCoupon(c.id, other.id, true);
    expect((await req('GET', `/coupons/${c.id}`, manager)).json().uses).toBe(1);
    expect(await check(`code=ONCE&memberId=${member.id}`)).toMatchObject({ usable: false, reason: 'member_limit' });
    expect(await check(`code=ONCE&memberId=${other.id}`)).toMatchObject({ usable: true });
    await useCoupon(c.id, other.id);
    await useCoupon(c.id, (await org.newMember()).id);
    expect((await req('GET', '/coupons?keyword=once', manager)).json().items[0].uses).toBe(3);
    expect(await check('code=ONCE')).toMatchObject({ usable: false, reason: 'used_up' });
    expect(await check('code=NOPE')).toMatchObject({ usable: false, reason: 'unknown', coupon: null });

    const later = await create('/coupons', {
      code: 'LATER',
      kind: 'percent',
      percentBp: 100,
      validFrom: addDays(today, 2),
    });
    expect(await check('code=later')).toMatchObject({ reason: 'not_yet_valid' });
    await create('/coupons', { code: 'GONE', kind: 'percent', percentBp: 100, validUntil: addDays(today, -2) });
    expect(await check('code=gone')).toMatchObject({ reason: 'expired' });
    await req('DELETE', `/coupons/${later.id}`, manager);
    expect(await check('code=later')).toMatchObject({ reason: 'inactive' });
    await create('/coupons', { code: 'BIG', kind: 'percent', percentBp: 100, minSpend: 10000 });
    expect(await check('code=big&subtotal=9999')).toMatchObject({ reason: 'min_spend' });
    expect(await check('code=big&subtotal=10000')).toMatchObject({ usable: true });
  });

  it('judges "today" on the centre’s business date, not UTC’s', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    // 25 hours apart: their calendar days always differ.
    await ctx.database.db
      .update(centers)
      .set({ timeZone: 'Pacific/Kiritimati' })
      .where(eq(centers.id, o.centers[0]!.id));
    await ctx.database.db
      .update(centers)
      .set({ timeZone: 'Pacific/Pago_Pago' })
      .where(eq(centers.id, o.centers[1]!.id));
    const ahead = businessToday('Pacific/Kiritimati');
    await create(
      '/coupons',
      { code: 'AHEAD', kind: 'percent', percentBp: 100, validFrom: ahead, validUntil: ahead },
      h,
    );
    const inAhead = (await req('GET', `/coupons/check?code=ahead&centerId=${o.centers[0]!.id}`, h)).json();
    expect(inAhead).toMatchObject({ usable: true, today: ahead });
    const behind = (await req('GET', `/coupons/check?code=ahead&centerId=${o.centers[1]!.id}`, h)).json();
    expect(behind).toMatchObject({ usable: false, reason: 'not_yet_valid', today: businessToday('Pacific/Pago_Pago') });
  });

  it('is read by every gym role, changed by managers only, and invisible to another organisation', async () => {
    const c = await create('/coupons', { code: 'ROLES', kind: 'percent', percentBp: 100 });
    for (const role of ['frontdesk', 'trainer', 'accountant'] as const) {
      const h = ctx.bearer(await (await org.newUser({ role })).login());
      expect((await req('GET', '/coupons', h)).statusCode, role).toBe(200);
      expect((await req('GET', '/coupons/check?code=roles', h)).json().usable, role).toBe(true);
      expect((await req('POST', '/coupons', h, { code: `R${role}`, kind: 'percent', percentBp: 1 })).statusCode).toBe(
        403,
      );
      expect((await req('PATCH', `/coupons/${c.id}`, h, { percentBp: 2 })).statusCode).toBe(403);
      expect((await req('DELETE', `/coupons/${c.id}`, h)).statusCode).toBe(403);
    }
    const outsider = ctx.bearer(await (await (await ctx.newOrganisation()).newUser({ role: 'admin' })).login());
    expect((await req('GET', `/coupons/${c.id}`, outsider)).statusCode).toBe(404);
    expect((await req('PATCH', `/coupons/${c.id}`, outsider, { percentBp: 2 })).statusCode).toBe(404);
    expect((await req('GET', '/coupons/check?code=roles', outsider)).json().reason).toBe('unknown');
    // The same code is free in another organisation.
    expect((await req('POST', '/coupons', outsider, { code: 'roles', kind: 'percent', percentBp: 1 })).statusCode).toBe(
      201,
    );
    const csv = await req('GET', '/coupons/export?format=csv&keyword=roles', manager);
    expect(csv.body.split(/\r\n/)[1]).toContain('ROLES');
  });
});

/** The smallest valid PNG, JPEG and WebP headers (the check reads the leading bytes). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const WEBP = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50]);
const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

describe('offers', () => {
  it('creates an offer with an image checked by its bytes, centres, a cart of the organisation’s items and a coupon', async () => {
    const p = await create('/products', { name: 'Water', sku: 'W-1', price: 800 });
    const c = await create('/coupons', { code: 'SUMMER', kind: 'percent', percentBp: 1500 });
    const offer = await create('/offers', {
      title: 'Summer bundle',
      body: 'Two bottles and 15 % off',
      image: dataUrl('png', PNG),
      allCenters: false,
      centerIds: [centerB],
      cart: [{ type: 'product', id: p.id, quantity: 2 }],
      couponId: c.id,
    });
    expect(offer).toMatchObject({
      title: 'Summer bundle',
      hasImage: true,
      allCenters: false,
      centers: [{ id: centerB, code: 'B' }],
      cart: [{ type: 'product', id: p.id, quantity: 2, name: 'Water' }],
      coupon: { id: c.id, code: 'SUMMER' },
    });
    expect(offer.image).toBe(dataUrl('png', PNG));
    // The list carries no image, only the flag.
    const listed = (await req('GET', '/offers?keyword=summer', manager)).json().items[0];
    expect(listed).toMatchObject({ id: offer.id, hasImage: true, image: null });
    for (const image of [dataUrl('jpeg', JPEG), dataUrl('webp', WEBP)]) {
      expect((await req('PATCH', `/offers/${offer.id}`, manager, { image })).statusCode).toBe(200);
    }
  });

  it('refuses an image whose bytes are not its type, a too large one, foreign items and centres', async () => {
    const lying = await req('POST', '/offers', manager, { title: 'X', image: dataUrl('png', JPEG) });
    expect(lying.statusCode).toBe(400);
    expect(lying.json().fields[0]).toMatchObject({ path: 'image', code: 'image_content' });
    const svg = await req('POST', '/offers', manager, { title: 'X', image: 'data:image/svg+xml;base64,PHN2Zz4=' });
    expect(svg.json().fields[0]).toMatchObject({ path: 'image', code: 'image_format' });
    const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    const large = await req('POST', '/offers', manager, { title: 'X', image: dataUrl('png', big) });
    expect(large.statusCode).toBe(400);
    expect(large.json().fields[0].path).toBe('image');
    const noCentres = await req('POST', '/offers', manager, { title: 'X', allCenters: false, centerIds: [] });
    expect(noCentres.json().fields[0]).toMatchObject({ path: 'centerIds', code: 'centers_required' });
    const o = await ctx.newOrganisation();
    const theirs = await create(
      '/products',
      { name: 'Theirs', sku: 'T-1', price: 1 },
      ctx.bearer(await (await o.newUser({ role: 'manager' })).login()),
    );
    const foreignItem = await req('POST', '/offers', manager, {
      title: 'X',
      cart: [{ type: 'product', id: theirs.id, quantity: 1 }],
    });
    expect(foreignItem.statusCode).toBe(404);
    expect(foreignItem.json().fields[0].path).toBe('cart.0.id');
    const wrongType = await req('POST', '/offers', manager, {
      title: 'X',
      cart: [
        { type: 'membership', id: (await create('/products', { name: 'P', sku: 'P-9', price: 1 })).id, quantity: 1 },
      ],
    });
    expect(wrongType.statusCode).toBe(404);
    const foreignCentre = await req('POST', '/offers', manager, {
      title: 'X',
      allCenters: false,
      centerIds: [o.centers[0]!.id],
    });
    expect(foreignCentre.statusCode).toBe(404);
    expect(foreignCentre.json().fields[0].path).toBe('centerIds.0');
  });

  it('lists the offers valid today at a centre, by that centre’s business date', async () => {
    const o = await ctx.newOrganisation();
    const h = ctx.bearer(await (await o.newUser({ role: 'manager' })).login());
    const desk = ctx.bearer(await (await o.newUser({ role: 'frontdesk' })).login());
    const [ahead, behind] = [o.centers[0]!.id, o.centers[1]!.id];
    await ctx.database.db.update(centers).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(centers.id, ahead));
    await ctx.database.db.update(centers).set({ timeZone: 'Pacific/Pago_Pago' }).where(eq(centers.id, behind));
    const aheadToday = businessToday('Pacific/Kiritimati');
    const behindToday = businessToday('Pacific/Pago_Pago');
    await create('/offers', { title: 'Ahead today', validFrom: aheadToday, validUntil: aheadToday }, h);
    await create('/offers', { title: 'Behind today', validFrom: behindToday, validUntil: behindToday }, h);
    await create('/offers', { title: 'Always' }, h);
    await create('/offers', { title: 'Only behind', allCenters: false, centerIds: [behind] }, h);
    const off = await create('/offers', { title: 'Switched off' }, h);
    await req('DELETE', `/offers/${off.id}`, h);
    const titles = async (centerId: string) =>
      (await req('GET', `/offers/current?centerId=${centerId}`, desk))
        .json()
        .items.map((x: { title: string }) => x.title);
    expect(await titles(ahead)).toEqual(['Ahead today', 'Always']);
    expect(await titles(behind)).toEqual(['Always', 'Behind today', 'Only behind']);
    expect((await req('GET', `/offers/current?centerId=${centerA}`, desk)).statusCode).toBe(404);
    expect((await req('GET', `/offers?centerId=${ahead}`, h)).json().total).toBe(4);
    const csv = (await req('GET', '/offers/export?format=csv&active=true', h)).body;
    expect(csv).toContain('Only behind');
    expect(csv).not.toContain('Switched off');
  });
});
