import type { Language } from '@gym/contract/constants';
import { type prospectRegistrationSchema, REGISTRATION_RATE_LIMIT, type RegisterPageInfo } from '@gym/contract/public';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { configOf, readSystemConfig } from '../../lib/settings.ts';
import { createThrottle } from '../auth/index.ts';
import { insertMember } from '../members/index.ts';

const notFound = () => new AppError(404, 'not_found', 'This registration page does not exist');

/** The organisation (initial, any case) and its open centre (code, any case) a registration page names. */
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
  };
}

const REGISTERED_MESSAGE: Record<Language, (name: string) => string> = {
  en: (n) => `New online registration: ${n}`,
  de: (n) => `Neue Online-Anmeldung: ${n}`,
  fr: (n) => `Nouvelle inscription en ligne : ${n}`,
  pt: (n) => `Novo cadastro online: ${n}`,
  'zh-Hant': (n) => `新的網上登記：${n}`,
};

/**
 * A prospect registers on the centre's public page: a member with status `prospect`, source
 * `online`, flagged new for the desk. No duplicate check here (the page must not tell who is
 * already a member); staff merge or confirm when they open it. Limited per address; a filled
 * honeypot is thanked and ignored.
 */
export async function registerProspect(
  deps: AppDeps,
  place: { initial: string; centerCode: string },
  input: z.output<typeof prospectRegistrationSchema>,
  ip: string,
): Promise<void> {
  const { db } = deps.database;
  const throttle = createThrottle(db);
  const key = `register:${ip}`;
  const lockedFor = await throttle.lockedFor([key]);
  if (lockedFor > 0) {
    throw new AppError(429, 'rate_limited', 'Too many registrations from this address', undefined, lockedFor);
  }
  await throttle.recordFailure([
    {
      key,
      policy: { maxFailures: REGISTRATION_RATE_LIMIT.max, lockMinutes: REGISTRATION_RATE_LIMIT.windowSeconds / 60 },
    },
  ]);

  const { organisation, center } = await findPlace(deps, place.initial, place.centerCode);
  if (!(await readSystemConfig(db, organisation.id)).registrationOpen) {
    throw new AppError(403, 'registration_closed', 'Online registration is closed at this centre');
  }
  if (input.website) return;

  const { website: _honeypot, privacyAccepted: _accepted, ...fields } = input;
  const member = await db.transaction((tx) =>
    insertMember(tx, {
      ...fields,
      organisationId: organisation.id,
      homeCenterId: center.id,
      centerCode: center.code,
      status: 'prospect',
      source: 'online',
      isNew: true,
      createdBy: null,
    }),
  );
  const lang = (organisation.settings as { defaultLanguage?: Language }).defaultLanguage ?? 'en';
  deps.events.publish('realtime.center', {
    organisationId: organisation.id,
    centerId: center.id,
    payload: {
      center_id: center.id,
      action: 'member.registered',
      message: (REGISTERED_MESSAGE[lang] ?? REGISTERED_MESSAGE.en)(`${member.firstName} ${member.lastName}`),
      icon: 'UserPlusIcon',
      member_id: member.id,
    },
  });
}
