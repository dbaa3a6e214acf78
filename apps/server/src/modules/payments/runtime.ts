/**
 * The payments module's parts that live as long as the server: the vault of secrets, the providers
 * (the simulated one with its webhook sender and its own clock ticking), and the janitor. One per
 * server (`paymentsOf(deps)`); the routes start it and stop it with the app.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentProviderName } from '@gym/contract/payments';
import { paymentSettings } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { tenantDb } from '../../lib/tenant-db.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import type { PaymentProvider, ProviderSettings } from './provider.ts';
import { setUpPayments } from './set-up-payments.ts';
import { createSimulatedProvider, type SimulatedProvider } from './simulated/provider.ts';
import { createVault, hintOf, type Vault } from './vault.ts';

export interface PaymentsRuntime {
  vault: Vault;
  simulated: SimulatedProvider;
  providerOf(name: PaymentProviderName | string): PaymentProvider;
  /** The organisation's provider and its secrets, opened (set up with the simulated provider the first time). */
  settingsOf(organisationId: string): Promise<ProviderSettings>;
  /** How long a provider call may take before it counts as unanswered. */
  deadlineMs: number;
  start(): void;
  close(): void;
}

const runtimes = new WeakMap<AppDeps, PaymentsRuntime>();

/** This server's payments runtime. */
export function paymentsOf(deps: AppDeps): PaymentsRuntime {
  const known = runtimes.get(deps);
  if (known) return known;
  const { db } = deps.database;
  const vault = createVault(db, deps.config);

  async function settingsOf(organisationId: string): Promise<ProviderSettings> {
    const scoped = tenantDb(db, { organisationId, centerIds: null });
    let row = await scoped.first(paymentSettings);
    if (!row) {
      const secret = `whsec_sim_${randomBytes(24).toString('base64url')}`;
      await runCommand(deps, systemCaller(organisationId, 'setting up online payments'), setUpPayments, {
        webhookSecret: { sealed: await vault.seal(secret, organisationId), hint: hintOf(secret) },
      });
      row = await scoped.first(paymentSettings);
    }
    return {
      organisationId,
      provider: row!.provider as PaymentProviderName,
      secretKey: row!.secretKey ? await vault.open(row!.secretKey.sealed, organisationId) : null,
      webhookSecrets: await Promise.all(row!.webhookSecrets.map((s) => vault.open(s.sealed, organisationId))),
    };
  }

  const simulated = createSimulatedProvider(
    deps,
    async (organisationId) => (await settingsOf(organisationId)).webhookSecrets,
  );
  const runtime: PaymentsRuntime = {
    vault,
    simulated,
    providerOf(name) {
      if (name === 'simulated') return simulated;
      throw new Error(`no adapter for the payment provider ${name}`);
    },
    settingsOf,
    deadlineMs: 10_000,
    start() {
      simulated.start();
    },
    close() {
      simulated.close();
    },
  };
  runtimes.set(deps, runtime);
  return runtime;
}
