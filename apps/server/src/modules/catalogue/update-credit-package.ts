import type { CreditPackage, updateCreditPackageRequestSchema } from '@gym/contract/catalogue';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { creditPackages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { assertWithinCaller, changedCoverage } from './coverage.ts';
import { getCreditPackage } from './queries.ts';
import { withUniqueName } from './unique-name.ts';

/**
 * Changes a package (including `active` and `available`). Packages already sold keep what they were
 * granted: their credits and validity are ledger rows, their price an invoice line.
 */
export async function updateCreditPackage(
  ctx: UseCaseContext,
  input: z.infer<typeof updateCreditPackageRequestSchema> & { id: string },
): Promise<CreditPackage> {
  const { id, allCenters, centerIds, price, description, ...rest } = input;
  await getCreditPackage(ctx.db, id);
  const [current] = await ctx.db.lock(creditPackages, eq(creditPackages.id, id));
  if (!current) throw notFound('package');
  assertWithinCaller(ctx.auth, current);
  const set: Partial<typeof creditPackages.$inferInsert> = { ...rest, updatedAt: ctx.clock.now() };
  if (description !== undefined) set.description = description || null;
  if (price !== undefined) set.priceMinor = price;
  Object.assign(set, await changedCoverage(ctx.db, { current, allCenters, centerIds }));
  await withUniqueName(ctx, {
    table: creditPackages,
    name: input.name,
    write: (db) => db.update(creditPackages, set, eq(creditPackages.id, id)),
  });
  return getCreditPackage(ctx.db, id);
}
