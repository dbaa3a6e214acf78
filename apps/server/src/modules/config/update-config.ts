import type { SystemConfig, updateSystemConfigRequestSchema } from '@gym/contract/config';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { organisations } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export type UpdateSystemConfig = z.infer<typeof updateSystemConfigRequestSchema>;

/**
 * Changes the organisation's configuration: the name lives on the organisation row, every other
 * key is merged into its settings (keys not sent keep their value). Open browsers are told after
 * the commit, so a maintenance switch or a new currency symbol reaches them without a reload.
 */
export async function updateSystemConfig(ctx: UseCaseContext, input: UpdateSystemConfig): Promise<SystemConfig> {
  const { organisationName, ...settings } = input;
  const { auth } = ctx;
  // The organisation row is the tenant itself: its id is the caller's organisation.
  const [row] = await ctx.db
    .unscoped('the organisations row is keyed by the caller’s organisation id')
    .update(organisations)
    .set({
      ...(organisationName !== undefined ? { name: organisationName } : {}),
      settings: sql`${organisations.settings} || ${JSON.stringify(settings)}::jsonb`,
    })
    .where(eq(organisations.id, auth.organisationId))
    .returning({ name: organisations.name, initial: organisations.initial, settings: organisations.settings });
  if (!row) throw notFound('organisation');
  const config = configOf(row);
  ctx.emit({
    type: 'config.updated',
    organisationId: auth.organisationId,
    payload: {
      organisationName: config.organisationName,
      currencySymbol: config.currencySymbol,
      maintenanceMode: config.maintenanceMode,
      defaultLanguage: config.defaultLanguage,
    },
  });
  return config;
}
