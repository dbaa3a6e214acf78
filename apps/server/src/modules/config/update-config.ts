import type { SystemConfig, updateSystemConfigRequestSchema } from '@gym/contract/config';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { configOf, readSystemConfig } from '../../lib/settings.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export type UpdateSystemConfig = z.infer<typeof updateSystemConfigRequestSchema>;

/**
 * Changes the organisation's configuration: the name lives on the organisation row, every other
 * key is merged into its settings (keys not sent keep their value). Open browsers are told after
 * the commit, so a maintenance switch or a new currency symbol reaches them without a reload.
 */
export async function updateSystemConfig(
  deps: Pick<AppDeps, 'sessions'>,
  ctx: UseCaseContext,
  input: UpdateSystemConfig,
): Promise<SystemConfig> {
  const { organisationName, ...settings } = input;
  const { auth, tx } = ctx;
  const before = await readSystemConfig(tx, auth.organisationId);
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
  // A fee rule bills something: its fee must be set (in this request or before). The refusal rolls back the update.
  if (config.lateCancelRule === 'fee' && !config.lateCancelFeeMinor) {
    const message = 'The fee rule needs a fee above zero';
    throw new AppError(422, 'business_rule', message, [{ path: 'lateCancelFeeMinor', code: 'fee_required', message }]);
  }
  // The maintenance switch travels on every session of the organisation, its name on every `/me`.
  if (settings.maintenanceMode !== undefined || organisationName !== undefined)
    await deps.sessions.changed(tx, { organisations: [auth.organisationId] });
  await audit(tx, auth, null, {
    action: before.maintenanceMode !== config.maintenanceMode ? 'config.maintenance_changed' : 'config.changed',
    entityType: 'config',
    entityId: auth.organisationId,
    summary: `System configuration changed: ${Object.keys(input).join(', ')}`,
    before,
    after: config,
    fields: Object.keys(input),
  });
  ctx.emit({
    type: 'config.updated',
    organisationId: auth.organisationId,
    payload: {
      organisationName: config.organisationName,
      currencySymbol: config.currencySymbol,
      currencyCode: config.currencyCode,
      currencyExponent: config.currencyExponent,
      maintenanceMode: config.maintenanceMode,
      defaultLanguage: config.defaultLanguage,
      paymentMethods: config.paymentMethods,
      manualDiscountCapBp: config.manualDiscountCapBp,
    },
  });
  return config;
}
