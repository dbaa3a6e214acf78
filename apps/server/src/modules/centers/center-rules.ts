import { AppError, conflict } from '../../lib/errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { CommandOptions, UseCaseContext } from '../../lib/use-case.ts';

/** How every centre command is run: the code's unique index answers 409 `code_taken` naming `code`. */
export const centerCommandOptions: Pick<CommandOptions<unknown>, 'conflicts'> = {
  conflicts: { centers_org_code: () => conflict('code_taken', 'Another centre already has this code', 'code') },
};

/**
 * A centre sells the organisation's catalogue, whose prices are in the organisation's currency: its
 * currency is that one (a chain in two currencies is two organisations). The organisation's currency
 * changes its centres' with it (`/config`, while no money exists).
 */
export const notOrganisationCurrency = () => {
  const message = 'A centre uses the organisation’s currency';
  return new AppError(422, 'business_rule', message, [
    { path: 'currencyCode', code: 'currency_not_organisation', message },
  ]);
};

/** The caller's organisation's configuration (its currency), read in the command's transaction. */
export const organisationConfig = (ctx: Pick<UseCaseContext, 'db' | 'auth'>) =>
  readSystemConfig(
    ctx.db.unscoped('the organisation row is the tenant itself, read by its id'),
    ctx.auth.organisationId,
  );

/**
 * What every centre command does last: a reader scans for its centre while the centre is open, in
 * its time zone, so the reader ingest's cached lookups are dropped on every server when it commits.
 */
export const readersChanged = (ctx: Pick<UseCaseContext, 'sessionsChanged'>) => ctx.sessionsChanged({ readers: true });
