import { REGISTRATION_RATE_LIMIT, type RegisterPageInfo } from '@gym/contract/public';
import { and, eq } from 'drizzle-orm';
import { centers, organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';
import { publicCaller } from '../../lib/use-case.ts';
import { createThrottle } from '../auth/index.ts';

const notFound = () => new AppError(404, 'not_found', 'This registration page does not exist');

/**
 * The organisation (initial, any case) and its open centre (code, any case) a registration page
 * names. This is the one unscoped read of the page: it finds the tenant, there is no caller yet.
 */
async function findPlace(deps: AppDeps, initial: string, centerCode: string) {
  const [row] = await deps.database.db
    .select({ organisation: organisations, center: centers })
    .from(centers)
    .innerJoin(organisations, eq(organisations.id, centers.organisationId))
    .where(
      and(
        eq(organisations.initial, initial.toUpperCase()),
        eq(centers.code, centerCode.toUpperCase()),
        eq(centers.active, true),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** `GET public/register/{initial}/{center_code}`: what the page needs to greet a prospect. */
export async function registerPageInfo(deps: AppDeps, initial: string, centerCode: string): Promise<RegisterPageInfo> {
  const { organisation, center } = await findPlace(deps, initial, centerCode);
  const config = configOf(organisation);
  return {
    organisationName: organisation.name,
    centerName: center.name,
    centerCode: center.code,
    registrationOpen: config.registrationOpen,
    defaultLanguage: config.defaultLanguage,
    timeZone: center.timeZone,
  };
}

/**
 * Opens the registration page for one submission: limited per address (429), a page that exists
 * (404) and is open (403). Answers the caller the registration runs as: the page's organisation
 * and centre (`publicCaller`), since nobody is signed in.
 */
export async function openRegistration(deps: AppDeps, place: { initial: string; centerCode: string }, ip: string) {
  const throttle = createThrottle(deps.database.db);
  const { refusedFor } = await throttle.attempt([
    {
      key: `register:${ip}`,
      maxAttempts: REGISTRATION_RATE_LIMIT.max,
      lockSeconds: REGISTRATION_RATE_LIMIT.windowSeconds,
      windowSeconds: REGISTRATION_RATE_LIMIT.windowSeconds,
    },
  ]);
  if (refusedFor > 0) {
    throw new AppError(429, 'rate_limited', 'Too many registrations from this address', undefined, refusedFor);
  }
  const { organisation, center } = await findPlace(deps, place.initial, place.centerCode);
  if (!configOf(organisation).registrationOpen) {
    throw new AppError(403, 'registration_closed', 'Online registration is closed at this centre');
  }
  return { caller: publicCaller(organisation.id, [center.id], 'online registration page'), centerId: center.id };
}
