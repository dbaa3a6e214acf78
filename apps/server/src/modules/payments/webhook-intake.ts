/**
 * A provider's webhook as it arrives (`POST /webhooks/payments/{provider}`): the raw body is read
 * for the organisation it names, its signature checked on the raw bytes with that organisation's
 * webhook secrets and the timestamp within 300 seconds of the server's clock (else 400), and the
 * event stored once. The answer (200) is given once it is stored; applying it is the outbox's work.
 */
import type { PaymentProviderName } from '@gym/contract/payments';
import { eq } from 'drizzle-orm';
import { paymentWebhookEvents } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { DeliveredEvent } from '../../lib/outbox.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { applyWebhookEvent } from './apply-webhook-event.ts';
import { receiveWebhookEvent } from './receive-webhook-event.ts';
import type { PaymentsRuntime } from './runtime.ts';

const TASK = 'a payment provider’s event';

const refused = (message: string) => new AppError(400, 'webhook_signature_invalid', message);

export async function takeWebhook(
  deps: AppDeps,
  payments: PaymentsRuntime,
  input: { provider: PaymentProviderName; raw: Buffer; signature: string | undefined },
): Promise<{ stored: boolean }> {
  const provider = payments.providerOf(input.provider);
  let payload: unknown;
  try {
    payload = JSON.parse(input.raw.toString('utf8'));
  } catch {
    throw refused('The body is not a provider’s event');
  }
  const organisationId = provider.addresseeOf(payload);
  if (!organisationId) throw refused('The event names no organisation');
  // Only an organisation whose payments are set up with this provider has secrets to check it with.
  const settings = await payments.settingsIfAny(organisationId);
  if (settings?.provider !== input.provider) throw refused('No organisation takes this provider’s events');
  const check = provider.verify(input.raw, input.signature, settings.webhookSecrets, deps.clock.now().getTime());
  if (check === 'invalid') throw refused('The signature does not match');
  if (check === 'stale') throw refused('The signature’s time is more than 300 seconds from now');
  const event = provider.eventOf(payload as Record<string, unknown>);
  if (!event.eventId) throw refused('The event has no id');
  const stored = await runCommand(deps, systemCaller(organisationId, TASK), receiveWebhookEvent, {
    provider: input.provider,
    event,
    payload: payload as Record<string, unknown>,
  });
  return { stored };
}

/** The outbox's listener: applies a stored event to its order (retried by the outbox until it is). */
export function webhookApplier(deps: AppDeps, payments: PaymentsRuntime) {
  return async (delivered: DeliveredEvent) => {
    const { webhookEventId } = delivered.payload as { webhookEventId: string };
    const db = tenantDb(deps.database.db, { organisationId: delivered.organisationId, centerIds: null });
    const stored = await db.first(paymentWebhookEvents, eq(paymentWebhookEvents.id, webhookEventId));
    if (!stored || stored.processedAt) return;
    const event = payments.providerOf(stored.provider).eventOf(stored.payload);
    await runCommand(deps, systemCaller(delivered.organisationId, TASK), applyWebhookEvent, { webhookEventId, event });
  };
}
