/** `moveStock` as the sale calls it: sold and returned movements inside the sale's own command. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStock, products, stockMovements } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { runTransaction } from '../../lib/use-case.ts';
import { startOrganisation, type TestContext, type TestOrganisation } from '../../test/harness.ts';
import { moveStock } from './index.ts';

let ctx: TestContext, org: TestOrganisation, auth: AuthContext, centerId: string;
let productId = '';

beforeAll(async () => {
  ({ ctx, org, centerA: centerId } = await startOrganisation());
  const desk = await org.newUser({ role: 'frontdesk' });
  auth = {
    userId: desk.id,
    organisationId: org.id,
    role: 'frontdesk',
    centerIds: null,
    familyId: '',
  } as unknown as AuthContext;
  const [p] = await ctx.database.db
    .insert(products)
    .values({ organisationId: org.id, name: 'Towel', sku: 'T-1', priceMinor: 1000 })
    .returning();
  productId = p!.id;
  await runTransaction(ctx.deps, auth, (c) => moveStock(c, { productId, centerId, kind: 'received', quantity: 5 }));
});
afterAll(() => ctx?.close());

const onHand = async () =>
  (
    await ctx.database.db
      .select()
      .from(productStock)
      .where(and(eq(productStock.productId, productId), eq(productStock.centerId, centerId)))
  )[0]!.onHand;
const movements = () => ctx.database.db.select().from(stockMovements).where(eq(stockMovements.productId, productId));

describe('moveStock', () => {
  it('sells (negative) and takes back (positive), recording the invoice line and the seller', async () => {
    const line = randomUUID();
    const sold = await runTransaction(ctx.deps, auth, (c) =>
      moveStock(c, { productId, centerId, kind: 'sold', quantity: -3, invoiceLineId: line }),
    );
    expect(sold).toMatchObject({
      onHand: 2,
      movement: { kind: 'sold', quantity: -3, invoiceLineId: line, staffId: auth.userId },
    });
    const back = await runTransaction(ctx.deps, auth, (c) =>
      moveStock(c, { productId, centerId, kind: 'returned', quantity: 1, invoiceLineId: line }),
    );
    expect(back.onHand).toBe(3);
  });

  it('refuses a shortage with 409 on the path the sale names, and the sale’s rollback leaves nothing', async () => {
    const before = (await movements()).length;
    const short = await runTransaction(ctx.deps, auth, (c) =>
      moveStock(c, { productId, centerId, kind: 'sold', quantity: -99, path: 'lines.2.quantity' }),
    ).catch((e: unknown) => e);
    expect(short).toMatchObject({ status: 409, code: 'stock_short', fields: [{ path: 'lines.2.quantity' }] });
    // A sale that took stock and then failed on a later line: its stock comes back with the rollback.
    const failed = await runTransaction(ctx.deps, auth, async (c) => {
      await moveStock(c, { productId, centerId, kind: 'sold', quantity: -1 });
      await moveStock(c, { productId, centerId, kind: 'sold', quantity: -50 });
    }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 'stock_short' });
    expect(await onHand()).toBe(3);
    expect((await movements()).length).toBe(before);
  });

  it('treats a sign that does not fit the kind, or a missing reason, as a programming error', async () => {
    const run = (input: Parameters<typeof moveStock>[1]) =>
      runTransaction(ctx.deps, auth, (c) => moveStock(c, input)).catch((e: unknown) => e);
    expect(await run({ productId, centerId, kind: 'sold', quantity: 2 })).toBeInstanceOf(RangeError);
    expect(await run({ productId, centerId, kind: 'returned', quantity: -2 })).toBeInstanceOf(RangeError);
    expect(await run({ productId, centerId, kind: 'adjusted', quantity: -1 })).toBeInstanceOf(RangeError);
    expect(await run({ productId, centerId, kind: 'received', quantity: 0 })).toBeInstanceOf(RangeError);
    expect(await onHand()).toBe(3);
  });

  it('does not reach another organisation’s product or centre', async () => {
    const other = await ctx.newOrganisation();
    const outsider = { ...auth, organisationId: other.id } as AuthContext;
    const res = await runTransaction(ctx.deps, outsider, (c) =>
      moveStock(c, { productId, centerId: other.centers[0]!.id, kind: 'received', quantity: 1 }),
    ).catch((e: unknown) => e);
    expect(res).toMatchObject({ status: 404, fields: [{ path: 'productId' }] });
    expect(await onHand()).toBe(3);
  });
});
