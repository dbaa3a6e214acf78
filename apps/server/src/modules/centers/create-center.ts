import type { CenterDetail, createCenterRequestSchema } from '@gym/contract/centers';
import type { z } from 'zod';
import { centers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { notOrganisationCurrency, organisationConfig, readersChanged } from './center-rules.ts';
import { getCenterDetail } from './queries.ts';

/**
 * Opens a new centre. Only staff who work across every centre may do it: a centre-limited
 * manager could not even see the centre they had just created.
 */
export async function createCenter(
  ctx: UseCaseContext,
  input: z.infer<typeof createCenterRequestSchema>,
): Promise<CenterDetail> {
  if (ctx.auth.centerIds !== null) {
    throw new AppError(403, 'forbidden', 'Only staff who work in every centre may open a new one');
  }
  const config = await organisationConfig(ctx);
  const currencySymbol = input.currencySymbol ?? config.currencySymbol;
  const currencyCode = input.currencyCode ?? config.currencyCode;
  if (currencyCode !== config.currencyCode) throw notOrganisationCurrency();
  const [row] = await ctx.db.insert(centers, {
    code: input.code,
    name: input.name,
    address: input.address ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    timeZone: input.timeZone,
    country: input.country ?? null,
    currencySymbol,
    currencyCode,
    openingHours: input.openingHours,
  });
  await readersChanged(ctx);
  return getCenterDetail(ctx, { id: row!.id });
}
