import type { SystemConfig, updateSystemConfigRequestSchema } from '@gym/contract/config';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';

export type UpdateSystemConfig = z.infer<typeof updateSystemConfigRequestSchema>;

/**
 * Changes the organisation's configuration: the name lives on the organisation row, every other
 * key is merged into its settings (keys not sent keep their value). Open browsers are told after
 * the commit, so a maintenance switch or a new currency symbol reaches them without a reload.
 */
export async function updateSystemConfig(
  deps: AppDeps,
  auth: AuthContext,
  input: UpdateSystemConfig,
): Promise<SystemConfig> {
  const { organisationName, ...settings } = input;
  const config = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(organisations)
      .set({
        ...(organisationName !== undefined ? { name: organisationName } : {}),
        settings: sql`${organisations.settings} || ${JSON.stringify(settings)}::jsonb`,
      })
      .where(eq(organisations.id, auth.organisationId))
      .returning({ name: organisations.name, initial: organisations.initial, settings: organisations.settings });
    if (!row) throw notFound('organisation');
    return configOf(row);
  });
  deps.events.publish('realtime.organisation', {
    organisationId: auth.organisationId,
    payload: {
      action: 'config.updated',
      organisationName: config.organisationName,
      currencySymbol: config.currencySymbol,
      currencyCode: config.currencyCode,
      currencyExponent: config.currencyExponent,
      maintenanceMode: config.maintenanceMode,
      defaultLanguage: config.defaultLanguage,
    },
  });
  return config;
}
