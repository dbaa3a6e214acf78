import type { PaymentProviderName } from '@gym/contract/payments';
import { paymentSettings } from '../../db/schema/index.ts';
import type { SealedSecret } from '../../db/schema/payments.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

type Sealed = Omit<SealedSecret, 'createdAt'>;

export interface PaymentSettingsChange {
  provider: PaymentProviderName;
  /** Sealed by the route; the plain secret never reaches the database or the audit log. */
  secretKey?: Sealed;
  webhookSecret?: Sealed;
  retireOldWebhookSecrets?: boolean;
  /** The webhook secret the server made, used when the organisation would otherwise have none. */
  madeWebhookSecret: Sealed;
}

/** How many webhook secrets stay valid at once: the new one and the one it replaces, while it is rotated. */
const ACTIVE_WEBHOOK_SECRETS = 2;

/**
 * Staff set the organisation's payment provider and its secrets. A new webhook secret goes first and
 * the one before stays valid beside it (the provider may still sign with it for a while) until staff
 * retire the older ones; a new API key replaces the old. The audit row names what changed by the
 * secrets' last characters only.
 */
export async function updatePaymentSettings(ctx: UseCaseContext, input: PaymentSettingsChange): Promise<void> {
  const [row] = await ctx.db.select().from(paymentSettings).for('update');
  const now = ctx.clock.now();
  const at = now.toISOString();
  let webhookSecrets = row?.webhookSecrets ?? [];
  if (input.webhookSecret) webhookSecrets = [{ ...input.webhookSecret, createdAt: at }, ...webhookSecrets];
  webhookSecrets = webhookSecrets.slice(0, input.retireOldWebhookSecrets ? 1 : ACTIVE_WEBHOOK_SECRETS);
  if (webhookSecrets.length === 0) webhookSecrets = [{ ...input.madeWebhookSecret, createdAt: at }];
  const secretKey = input.secretKey ? { ...input.secretKey, createdAt: at } : (row?.secretKey ?? null);
  if (input.provider === 'stripe' && !secretKey) {
    const message = 'Stripe needs the account’s secret key';
    throw new AppError(400, 'validation_failed', message, [{ path: 'secretKey', code: 'required', message }]);
  }
  const values = { provider: input.provider, secretKey, webhookSecrets, updatedAt: now };
  await ctx.db
    .insert(paymentSettings)
    .values({ organisationId: ctx.auth.organisationId, createdAt: now, ...values })
    .onConflictDoUpdate({ target: paymentSettings.organisationId, set: values });
  const shown = (s: { provider: string; secretKey: SealedSecret | null; webhookSecrets: SealedSecret[] }) => ({
    provider: s.provider,
    secretKey: s.secretKey?.hint ?? null,
    webhookSecrets: s.webhookSecrets.map((w) => w.hint),
  });
  await recordAudit(ctx, {
    action: 'payment_settings.changed',
    entityType: 'config',
    summary: 'Online payment settings changed',
    before: row ? shown(row) : null,
    after: shown(values),
    fields: ['provider', 'secretKey', 'webhookSecrets'],
  });
}
