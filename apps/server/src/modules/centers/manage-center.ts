import type { CenterDetail, createCenterRequestSchema, updateCenterRequestSchema } from '@gym/contract/centers';
import { count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import { organisationScopeOf, scopeOf } from '../../lib/tenant-db.ts';
import { runTransaction, type UseCaseContext } from '../../lib/use-case.ts';
import { getCenterDetail } from './queries.ts';

const codeTaken = () => conflict('code_taken', 'Another centre already has this code', 'code');

/**
 * A centre sells the organisation's catalogue, whose prices are in the organisation's currency: its
 * currency is that one (a chain in two currencies is two organisations). The organisation's currency
 * changes its centres' with it (`/config`, while no money exists).
 */
const notOrganisationCurrency = () => {
  const message = 'A centre uses the organisation’s currency';
  return new AppError(422, 'business_rule', message, [
    { path: 'currencyCode', code: 'currency_not_organisation', message },
  ]);
};

/** Runs a centre command (`runTransaction`) and turns the code's unique index into a 409 on `code`. */
export async function runCenterCommand<T>(
  deps: AppDeps,
  auth: AuthContext,
  work: (ctx: UseCaseContext) => Promise<T>,
): Promise<T> {
  try {
    return await runTransaction(deps, auth, async (ctx) => {
      const out = await work(ctx);
      // A reader scans for its centre while the centre is open, in its time zone: the reader
      // ingest's cached lookups are dropped on every server when this commits.
      await deps.sessions.changed(ctx.tx, { readers: true });
      return out;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'centers_org_code')) throw codeTaken();
    throw err;
  }
}

/**
 * Opens a new centre. Only staff who work across every centre may do it: a centre-limited
 * manager could not even see the centre they had just created.
 */
export async function createCenter(
  ctx: UseCaseContext,
  input: z.infer<typeof createCenterRequestSchema>,
): Promise<CenterDetail> {
  const { tx, auth } = ctx;
  if (auth.centerIds !== null) {
    throw new AppError(403, 'forbidden', 'Only staff who work in every centre may open a new one');
  }
  const config = await readSystemConfig(tx, auth.organisationId);
  const currencySymbol = input.currencySymbol ?? config.currencySymbol;
  const currencyCode = input.currencyCode ?? config.currencyCode;
  if (currencyCode !== config.currencyCode) throw notOrganisationCurrency();
  const [row] = await tx
    .insert(centers)
    .values({
      organisationId: auth.organisationId,
      code: input.code,
      name: input.name,
      address: input.address ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      timeZone: input.timeZone,
      country: input.country ?? null,
      currencySymbol,
      currencyCode,
      openingHours: input.openingHours,
    })
    .returning({ id: centers.id });
  return getCenterDetail(tx, auth, row!.id);
}

export async function updateCenter(
  ctx: UseCaseContext,
  { id, ...input }: z.infer<typeof updateCenterRequestSchema> & { id: string },
): Promise<CenterDetail> {
  const { tx, auth } = ctx;
  const { address, phone, email, country, ...required } = input;
  if (required.currencyCode !== undefined) {
    const config = await readSystemConfig(tx, auth.organisationId);
    if (required.currencyCode !== config.currencyCode) throw notOrganisationCurrency();
  }
  const set: Partial<typeof centers.$inferInsert> = { ...required };
  // null clears an optional field; absent leaves it as it is.
  if (address !== undefined) set.address = address;
  if (phone !== undefined) set.phone = phone;
  if (email !== undefined) set.email = email;
  if (country !== undefined) set.country = country;
  const where = scopeOf(auth, centers, eq(centers.id, id));
  const [row] =
    Object.keys(set).length > 0
      ? await tx.update(centers).set(set).where(where).returning({ id: centers.id })
      : await tx.select({ id: centers.id }).from(centers).where(where);
  if (!row) throw notFound('centre');
  return getCenterDetail(tx, auth, id);
}

/**
 * Deactivating closes a centre: it leaves the switcher and new work, and keeps its history.
 * The organisation must keep one active centre; the organisation row is locked so that two
 * managers closing the last two centres at once cannot both succeed.
 */
export async function setCenterActive(
  ctx: UseCaseContext,
  { id, active }: { id: string; active: boolean },
): Promise<CenterDetail> {
  const { tx, auth } = ctx;
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, auth.organisationId))
    .for('update');
  const where = scopeOf(auth, centers, eq(centers.id, id));
  const [center] = await tx.select({ id: centers.id, active: centers.active }).from(centers).where(where);
  if (!center) throw notFound('centre');
  if (center.active === active) return getCenterDetail(tx, auth, id);
  if (!active) {
    const [others] = await tx
      .select({ n: count() })
      .from(centers)
      // Every centre of the organisation counts, including those this caller does not work in.
      .where(organisationScopeOf(auth, centers, eq(centers.active, true), ne(centers.id, id)));
    if ((others?.n ?? 0) === 0) {
      throw new AppError(422, 'last_center', 'The organisation must keep at least one active centre');
    }
  }
  await tx.update(centers).set({ active }).where(where);
  return getCenterDetail(tx, auth, id);
}
