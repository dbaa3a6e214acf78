import type { CenterDetail, updateCenterRequestSchema } from '@gym/contract/centers';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { centers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { notOrganisationCurrency, organisationConfig, readersChanged } from './center-rules.ts';
import { getCenterDetail } from './queries.ts';

export async function updateCenter(
  ctx: UseCaseContext,
  { id, ...input }: z.infer<typeof updateCenterRequestSchema> & { id: string },
): Promise<CenterDetail> {
  const { address, phone, email, country, ...required } = input;
  if (required.currencyCode !== undefined) {
    const config = await organisationConfig(ctx);
    if (required.currencyCode !== config.currencyCode) throw notOrganisationCurrency();
  }
  const set: Partial<typeof centers.$inferInsert> = { ...required };
  // null clears an optional field; absent leaves it as it is.
  if (address !== undefined) set.address = address;
  if (phone !== undefined) set.phone = phone;
  if (email !== undefined) set.email = email;
  if (country !== undefined) set.country = country;
  const where = eq(centers.id, id);
  const [row] =
    Object.keys(set).length > 0
      ? await ctx.db.update(centers, set, where)
      : await ctx.db.select({ id: centers.id }).from(centers).where(where);
  if (!row) throw notFound('centre');
  await readersChanged(ctx);
  return getCenterDetail(ctx, { id });
}
