/** The configuration form's values: what the saved configuration fills in, and the request a save sends. */
import { DEFAULT_CLASS_RULES, type FullClassRule, type LateCancelRule } from '@gym/contract/classes';
import type { EntitlementActivation } from '@gym/contract/config';
import type { Language } from '@gym/contract/constants';
import type { CurrencyCode } from '@gym/contract/currency';
import { parsePercent } from '../../shared/ui/PercentInput';
import { rateText } from '../sales/plan';
import type { SystemConfig, UpdateSystemConfigRequest } from './api';

export interface ConfigValues {
  organisationName: string;
  defaultLanguage: Language;
  currencySymbol: string;
  currencyCode: string;
  memberCodePattern: string;
  registrationOpen: boolean;
  duplicateTapWindowSeconds: number | null;
  overdueRefuses: boolean;
  entryOverdueToleranceMinor: number | null;
  entitlementActivation: EntitlementActivation;
  paymentMethods: { code: string; name: string }[];
  classFullRule: FullClassRule;
  lateCancelRule: LateCancelRule;
  lateCancelFeeMinor: number | null;
  /** The manual-discount cap as the percentage typed (`10`, `7.5`); sent in basis points. */
  manualDiscountCapBp: string;
  entryRequiresWaiver: boolean;
  saleRequiresMembershipTerms: boolean;
}

export const FIELDS = [
  'organisationName',
  'defaultLanguage',
  'currencySymbol',
  'currencyCode',
  'memberCodePattern',
  'registrationOpen',
  'duplicateTapWindowSeconds',
  'entryOverdueToleranceMinor',
  'entitlementActivation',
  'paymentMethods',
  'classFullRule',
  'lateCancelRule',
  'lateCancelFeeMinor',
  'manualDiscountCapBp',
  'entryRequiresWaiver',
  'saleRequiresMembershipTerms',
] as const;

export function configValues(config: SystemConfig): ConfigValues {
  return {
    organisationName: config.organisationName,
    defaultLanguage: config.defaultLanguage,
    currencySymbol: config.currencySymbol,
    currencyCode: config.currencyCode,
    memberCodePattern: config.memberCodePattern,
    registrationOpen: config.registrationOpen,
    duplicateTapWindowSeconds: config.duplicateTapWindowSeconds,
    overdueRefuses: config.entryOverdueToleranceMinor !== null,
    entryOverdueToleranceMinor: config.entryOverdueToleranceMinor ?? 0,
    entitlementActivation: config.entitlementActivation,
    paymentMethods: config.paymentMethods,
    classFullRule: config.classFullRule ?? DEFAULT_CLASS_RULES.fullClass,
    lateCancelRule: config.lateCancelRule ?? DEFAULT_CLASS_RULES.lateCancel,
    lateCancelFeeMinor: config.lateCancelFeeMinor || null,
    manualDiscountCapBp: rateText(config.manualDiscountCapBp ?? 0),
    entryRequiresWaiver: config.entryRequiresWaiver ?? false,
    saleRequiresMembershipTerms: config.saleRequiresMembershipTerms ?? false,
  };
}

export function configRequest(values: ConfigValues): UpdateSystemConfigRequest {
  return {
    organisationName: values.organisationName.trim(),
    defaultLanguage: values.defaultLanguage,
    currencySymbol: values.currencySymbol,
    currencyCode: values.currencyCode as CurrencyCode,
    memberCodePattern: values.memberCodePattern.trim(),
    registrationOpen: values.registrationOpen,
    duplicateTapWindowSeconds: Number(values.duplicateTapWindowSeconds),
    entryOverdueToleranceMinor: values.overdueRefuses ? (values.entryOverdueToleranceMinor ?? 0) : null,
    entitlementActivation: values.entitlementActivation,
    paymentMethods: (values.paymentMethods ?? []).map((m) => ({ code: m.code.trim(), name: m.name.trim() })),
    classFullRule: values.classFullRule,
    lateCancelRule: values.lateCancelRule,
    ...(values.lateCancelRule === 'fee' ? { lateCancelFeeMinor: values.lateCancelFeeMinor ?? 0 } : {}),
    manualDiscountCapBp: parsePercent(values.manualDiscountCapBp) ?? 0,
    entryRequiresWaiver: values.entryRequiresWaiver ?? false,
    saleRequiresMembershipTerms: values.saleRequiresMembershipTerms ?? false,
  };
}
