import { paymentSettings } from '../../db/schema/index.ts';
import type { SealedSecret } from '../../db/schema/payments.ts';
import type { ActorContext } from '../../lib/use-case.ts';

/**
 * An organisation's payments as they start: the simulated provider, with the webhook secret it signs
 * with (made by the server, sealed). Written the first time anything needs them; a second writer at
 * the same moment leaves the first's row.
 */
export async function setUpPayments(
  ctx: ActorContext,
  { webhookSecret }: { webhookSecret: Omit<SealedSecret, 'createdAt'> },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(paymentSettings)
    .values({
      organisationId: ctx.auth.organisationId,
      provider: 'simulated',
      webhookSecrets: [{ ...webhookSecret, createdAt: now.toISOString() }],
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
