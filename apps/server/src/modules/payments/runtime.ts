/**
 * The payments module's parts that live as long as the server: the vault of secrets, the providers
 * (the simulated one with its webhook sender and its own clock ticking), and the janitor's minute, and the
 * payment reminders' sweep every ten minutes.
 * One per server (`paymentsOf(deps)`); the routes start it and stop it with the app.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentProviderName } from '@gym/contract/payments';
import { paymentSettings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { createVault, hintOf, type Vault } from '../../lib/vault.ts';
import { sweepOrders } from './janitor.ts';
import type { PaymentProvider, ProviderSettings } from './provider.ts';
import { sweepRefunds } from './refunds.ts';
import { sendReminders } from './send-reminders.ts';
import { setUpPayments } from './set-up-payments.ts';
import { createSimulatedProvider, type SimulatedProvider } from './simulated/provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

export interface PaymentsRuntime {
  vault: Vault;
  simulated: SimulatedProvider;
  providerOf(name: PaymentProviderName | string): PaymentProvider;
  /** The organisation's provider and its secrets, opened (set up with the simulated provider the first time). */
  settingsOf(organisationId: string): Promise<ProviderSettings>;
  /** The organisation's provider and its secrets, or null when its payments were never set up. */
  settingsIfAny(organisationId: string): Promise<ProviderSettings | null>;
  /** How long a provider call may take before it counts as unanswered. */
  deadlineMs: number;
  /** Starts the clocks: the simulated provider's own (settling, expiring), the janitor's minute and the reminders' sweep (errors to `onError`). */
  start(onError: (err: unknown) => void): void;
  /** Stops the clocks (tests move time themselves and call `tick()` and `sweepOrders` when they mean to). */
  stopClocks(): void;
  close(): void;
}

const runtimes = new WeakMap<AppDeps, PaymentsRuntime>();
/** How often the janitor sweeps. */
const JANITOR_EVERY_MS = 60_000;
/** How often payment reminders are looked for (each goes out at most once; a window opening is met within this). */
const REMINDERS_EVERY_MS = 10 * 60_000;

/** This server's payments runtime. */
export function paymentsOf(deps: AppDeps): PaymentsRuntime {
  const known = runtimes.get(deps);
  if (known) return known;
  const { db } = deps.database;
  const vault = createVault(db, deps.config);

  /** The organisation's provider and its secrets opened, or null when its payments were never set up. */
  async function settingsIfAny(organisationId: string): Promise<ProviderSettings | null> {
    const row = await tenantDb(db, { organisationId, centerIds: null }).first(paymentSettings);
    if (!row) return null;
    return {
      organisationId,
      provider: row.provider as PaymentProviderName,
      secretKey: row.secretKey ? await vault.open(row.secretKey.sealed, organisationId) : null,
      webhookSecrets: await Promise.all(row.webhookSecrets.map((s) => vault.open(s.sealed, organisationId))),
    };
  }

  async function settingsOf(organisationId: string): Promise<ProviderSettings> {
    const known = await settingsIfAny(organisationId);
    if (known) return known;
    const secret = `whsec_sim_${randomBytes(24).toString('base64url')}`;
    await runCommand(deps, systemCaller(organisationId, 'setting up online payments'), setUpPayments, {
      webhookSecret: { sealed: await vault.seal(secret, organisationId), hint: hintOf(secret) },
    });
    return (await settingsIfAny(organisationId))!;
  }

  const simulated = createSimulatedProvider(
    deps,
    async (organisationId) => (await settingsOf(organisationId)).webhookSecrets,
  );
  const stripe = createStripeProvider(deps.config);
  let janitor: NodeJS.Timeout | undefined;
  let reminders: NodeJS.Timeout | undefined;
  const runtime: PaymentsRuntime = {
    vault,
    simulated,
    providerOf(name) {
      if (name === 'simulated') return simulated;
      if (name === 'stripe') return stripe;
      throw new Error(`no adapter for the payment provider ${name}`);
    },
    settingsOf,
    settingsIfAny,
    deadlineMs: 10_000,
    start(onError) {
      simulated.start();
      if (janitor) return;
      const sweep = () => {
        void sweepOrders(deps, runtime).catch(onError);
        void sweepRefunds(deps, runtime).catch(onError);
      };
      sweep();
      janitor = setInterval(sweep, JANITOR_EVERY_MS);
      janitor.unref();
      const remind = () => void sendReminders(deps).catch(onError);
      reminders = setInterval(remind, REMINDERS_EVERY_MS);
      reminders.unref();
    },
    stopClocks() {
      simulated.stop();
      clearInterval(janitor);
      clearInterval(reminders);
      janitor = undefined;
      reminders = undefined;
    },
    close() {
      runtime.stopClocks();
      simulated.close();
    },
  };
  runtimes.set(deps, runtime);
  return runtime;
}
