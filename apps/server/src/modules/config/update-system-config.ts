import type { SystemConfig, updateSystemConfigRequestSchema } from '@gym/contract/config';
import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centers,
  commissionEntries,
  commissionRules,
  coupons,
  couponUses,
  creditPackages,
  expenditures,
  goals,
  installments,
  invoiceLines,
  invoices,
  membershipPlans,
  onlineRefunds,
  organisations,
  payLinks,
  paymentAllocations,
  paymentOrderItems,
  paymentOrders,
  paymentReminders,
  payments,
  productSets,
  products,
  refundItems,
  shortCourses,
  simulatedCheckoutSessions,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

export type UpdateSystemConfig = z.infer<typeof updateSystemConfigRequestSchema>;

/**
 * Where an organisation's amounts live, checked before its currency changes: catalogue prices, coupons
 * and fixed commissions with an amount, invoices (their lines, payments and the rest come with one:
 * `MONEY_WITH_INVOICES`) and expenditures. `currency-lock.test.ts` fails on a table with an amount
 * that is in neither list.
 */
export const MONEY_HOLDERS = [
  { table: invoices, held: 'invoices' },
  { table: expenditures, held: 'expenditures' },
  { table: membershipPlans, held: 'prices' },
  { table: creditPackages, held: 'prices' },
  { table: shortCourses, held: 'prices' },
  { table: products, held: 'prices' },
  { table: productSets, held: 'prices' },
  { table: coupons, held: 'prices', when: or(gt(coupons.amountMinor, 0), gt(coupons.minSpendMinor, 0)) },
  { table: commissionRules, held: 'prices', when: gt(commissionRules.amountMinor, 0) },
  // A revenue goal is an amount of the currency; the other goals count members and sessions.
  { table: goals, held: 'goals', when: and(eq(goals.metric, 'revenue'), gt(goals.target, 0)) },
] as const;

/** Tables whose amounts are written only with (or after) an invoice of the organisation: it holds money already. */
export const MONEY_WITH_INVOICES = [
  invoiceLines,
  installments,
  payments,
  paymentAllocations,
  refundItems,
  couponUses,
  commissionEntries,
  // Online payments: a pay link or an order names an invoice, and the provider's session an order.
  payLinks,
  paymentOrders,
  paymentOrderItems,
  simulatedCheckoutSessions,
  // A refund given back through the provider names the order and its invoice.
  onlineRefunds,
  // A payment reminder names the invoice whose debt it asks for.
  paymentReminders,
] as const;

/**
 * The first kind of money the organisation holds, or null: a row of `MONEY_HOLDERS`, or an amount of
 * its own settings (the late-cancel fee, the door's overdue tolerance) as they will be after this update.
 */
async function moneyHeld(ctx: UseCaseContext, config: SystemConfig): Promise<string | null> {
  for (const holder of MONEY_HOLDERS) {
    const condition: SQL | undefined = 'when' in holder ? holder.when : undefined;
    // Over the whole organisation: money at a centre the caller does not work in holds the currency too.
    const [row] = await ctx.db.wholeOrganisation.select({ one: sql`1` }).from(holder.table).where(condition).limit(1);
    if (row) return holder.held;
  }
  if ((config.lateCancelFeeMinor ?? 0) > 0 || (config.entryOverdueToleranceMinor ?? 0) > 0)
    return 'amounts in the settings';
  return null;
}

/**
 * Changes the organisation's configuration: the name lives on the organisation row, every other
 * key is merged into its settings (keys not sent keep their value). Open browsers are told after
 * the commit, so a maintenance switch or a new currency symbol reaches them without a reload.
 */
export async function updateSystemConfig(ctx: UseCaseContext, input: UpdateSystemConfig): Promise<SystemConfig> {
  const { organisationName, ...settings } = input;
  const { auth } = ctx;
  // The scoped database reads the caller's organisation row only.
  const [current] = await ctx.db
    .select({ name: organisations.name, initial: organisations.initial, settings: organisations.settings })
    .from(organisations);
  if (!current) throw notFound('organisation');
  const before = configOf(current);
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
  // Amounts are minor units of the currency: once any exists, another currency would re-read them (a price of
  // 10000 is R$ 100.00 but 10.000 BHD) and every invoice issued would disagree with the screens. Checked with
  // the organisation's row locked (the update above): a sale takes the same lock to number its invoice.
  if (config.currencyCode !== before.currencyCode) {
    const held = await moneyHeld(ctx, config);
    if (held) {
      const message = 'The currency cannot change once prices, sales or expenditures are recorded';
      const field = { path: 'currencyCode', code: 'currency_locked', message };
      throw new AppError(409, 'conflict', message, [field], undefined, { heldBy: held });
    }
    // A centre's currency is the organisation's (one price list, one currency): they change together.
    await ctx.db.wholeOrganisation
      .update(centers)
      .set({ currencyCode: config.currencyCode })
      .where(eq(centers.organisationId, auth.organisationId));
  }
  // A fee rule bills something: its fee must be set (in this request or before). The refusal rolls back the update.
  if (config.lateCancelRule === 'fee' && !config.lateCancelFeeMinor) {
    const message = 'The fee rule needs a fee above zero';
    throw new AppError(422, 'business_rule', message, [{ path: 'lateCancelFeeMinor', code: 'fee_required', message }]);
  }
  // The maintenance switch travels on every session of the organisation, its name on every `/me`.
  if (settings.maintenanceMode !== undefined || organisationName !== undefined)
    await ctx.sessionsChanged({ organisations: [auth.organisationId] });
  await recordAudit(ctx, {
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
