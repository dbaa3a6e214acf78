import { DEFAULT_CLASS_RULES } from '@gym/contract/classes';
import { DEFAULT_SYSTEM_CONFIG, type SystemConfig } from '@gym/contract/config';
import type { Language } from '@gym/contract/constants';
import { CURRENCY_EXPONENTS, type CurrencyCode, minorUnitExponent, usualCurrencySymbol } from '@gym/contract/currency';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { organisations } from '../db/schema/index.ts';
import { notFound } from './errors.ts';

/** The organisation's system configuration: stored keys over the defaults. */
export async function readSystemConfig(db: DbOrTx, organisationId: string): Promise<SystemConfig> {
  const [org] = await db
    .select({ name: organisations.name, initial: organisations.initial, settings: organisations.settings })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org) throw notFound('organisation');
  return configOf(org);
}

/**
 * The organisation's currency in its stored settings, named when it was created (registration, the
 * seed). There is no default: an organisation without a known currency is an error, never BRL.
 */
export function currencyCodeOf(settings: Record<string, unknown>): CurrencyCode {
  const stored = settings.currencyCode;
  if (typeof stored === 'string' && Object.hasOwn(CURRENCY_EXPONENTS, stored)) return stored as CurrencyCode;
  throw new Error(`the organisation's currency is not known (${JSON.stringify(stored)})`);
}

export function configOf(org: { name: string; initial: string; settings: Record<string, unknown> }): SystemConfig {
  const s = org.settings as Partial<SystemConfig>;
  const currencyCode = currencyCodeOf(org.settings);
  return {
    organisationName: org.name,
    initial: org.initial,
    defaultLanguage: (s.defaultLanguage as Language | undefined) ?? DEFAULT_SYSTEM_CONFIG.defaultLanguage,
    currencySymbol: s.currencySymbol ?? usualCurrencySymbol(currencyCode),
    currencyCode,
    currencyExponent: minorUnitExponent(currencyCode),
    memberCodePattern: s.memberCodePattern ?? DEFAULT_SYSTEM_CONFIG.memberCodePattern,
    registrationOpen: s.registrationOpen ?? DEFAULT_SYSTEM_CONFIG.registrationOpen,
    duplicateTapWindowSeconds: s.duplicateTapWindowSeconds ?? DEFAULT_SYSTEM_CONFIG.duplicateTapWindowSeconds,
    entryOverdueToleranceMinor: s.entryOverdueToleranceMinor ?? DEFAULT_SYSTEM_CONFIG.entryOverdueToleranceMinor,
    maintenanceMode: s.maintenanceMode ?? DEFAULT_SYSTEM_CONFIG.maintenanceMode,
    entitlementActivation: s.entitlementActivation ?? DEFAULT_SYSTEM_CONFIG.entitlementActivation,
    paymentMethods: s.paymentMethods ?? DEFAULT_SYSTEM_CONFIG.paymentMethods,
    classFullRule: s.classFullRule ?? DEFAULT_CLASS_RULES.fullClass,
    lateCancelRule: s.lateCancelRule ?? DEFAULT_CLASS_RULES.lateCancel,
    lateCancelFeeMinor: s.lateCancelFeeMinor ?? 0,
    manualDiscountCapBp: s.manualDiscountCapBp ?? DEFAULT_SYSTEM_CONFIG.manualDiscountCapBp,
    entryRequiresWaiver: s.entryRequiresWaiver ?? false,
    saleRequiresMembershipTerms: s.saleRequiresMembershipTerms ?? false,
  };
}
