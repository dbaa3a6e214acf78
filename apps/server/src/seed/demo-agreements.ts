import type { Tx } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { systemContext } from '../lib/use-case.ts';
import { installDefaultTemplates } from '../modules/signatures/index.ts';

/** The demo organisation's agreements: a waiver, the membership terms and a PT contract, in five languages. */
export async function seedDemoAgreements(tx: Tx, organisationId: string): Promise<void> {
  const { ctx, flush } = systemContext(tx, organisationId, systemClock);
  await installDefaultTemplates(ctx);
  await flush();
}
