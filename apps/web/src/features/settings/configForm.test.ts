import { describe, expect, it } from 'vitest';
import type { SystemConfig } from './api';
import { configRequest, configValues } from './configForm';

const saved = {
  organisationName: 'Demo Fitness',
  initial: 'DF',
  defaultLanguage: 'en',
  currencySymbol: 'HK$',
  currencyCode: 'HKD',
  currencyExponent: 2,
  memberCodePattern: '{center}{seq:5}',
  registrationOpen: true,
  duplicateTapWindowSeconds: 60,
  entryOverdueToleranceMinor: null,
  maintenanceMode: false,
  entitlementActivation: 'on_sale',
  paymentMethods: [],
  manualDiscountCapBp: 0,
} as SystemConfig;

describe('the configuration form’s signature rules', () => {
  it('are off for an organisation that never set them, and a save sends what the switches say', () => {
    const values = configValues(saved);
    expect(values).toMatchObject({ entryRequiresWaiver: false, saleRequiresMembershipTerms: false });
    expect(configRequest({ ...values, entryRequiresWaiver: true })).toMatchObject({
      entryRequiresWaiver: true,
      saleRequiresMembershipTerms: false,
    });
    expect(configValues({ ...saved, saleRequiresMembershipTerms: true }).saleRequiresMembershipTerms).toBe(true);
  });
});
