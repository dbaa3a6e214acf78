import type { CreditPackage, createCreditPackageRequestSchema } from '@gym/contract/catalogue';
import type { z } from 'zod';
import { creditPackages } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { checkCoverage } from './coverage.ts';
import { getCreditPackage } from './queries.ts';
import { withUniqueName } from './unique-name.ts';

export async function createCreditPackage(
  ctx: UseCaseContext,
  input: z.infer<typeof createCreditPackageRequestSchema>,
): Promise<CreditPackage> {
  const coverage = await checkCoverage(ctx.db, input);
  const [row] = await withUniqueName(ctx, {
    table: creditPackages,
    name: input.name,
    write: (db) =>
      db.insert(creditPackages, {
        name: input.name,
        description: input.description || null,
        usage: input.usage,
        credits: input.credits,
        validityDays: input.validityDays,
        ...coverage,
        priceMinor: input.price,
        taxRateBp: input.taxRateBp,
        available: input.available,
      }),
  });
  return getCreditPackage(ctx.db, row!.id);
}
