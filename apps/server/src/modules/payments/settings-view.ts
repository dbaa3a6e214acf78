import type { PaymentProviderName, PaymentSettings } from '@gym/contract/payments';
import { paymentSettings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';
import { reminderSettingsOf } from './reminder-settings.ts';

/** The organisation's payment settings as staff see them: the provider, the secrets masked, the webhook address. */
export async function paymentSettingsView(db: TenantDb, publicUrl: string): Promise<PaymentSettings> {
  const row = await db.first(paymentSettings);
  if (!row) throw notFound('payment settings');
  return {
    provider: row.provider as PaymentProviderName,
    secretKey: row.secretKey ? { masked: row.secretKey.hint, createdAt: row.secretKey.createdAt } : null,
    webhookSecrets: row.webhookSecrets.map((s) => ({ masked: s.hint, createdAt: s.createdAt })),
    webhookUrl: `${publicUrl}/api/v1/webhooks/payments/${row.provider}`,
    reminders: reminderSettingsOf(row),
  };
}
