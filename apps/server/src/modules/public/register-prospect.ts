import type { Language } from '@gym/contract/constants';
import {
  prospectRegistrationOn,
  type prospectRegistrationSchema,
  REGISTRATION_RATE_LIMIT,
  type RegisterPageInfo,
} from '@gym/contract/public';
import { today } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { centers, organisations } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { appendEvent } from '../../lib/outbox.ts';
import { configOf, readSystemConfig } from '../../lib/settings.ts';
import { createThrottle } from '../auth/index.ts';
import { insertMember, linkPossibleDuplicate } from '../members/index.ts';

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
    timeZone: center.timeZone,
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
 * `online`, flagged new for the desk. No refusal of duplicates here (the page must not tell who
 * is already a member): a record sharing a phone or e-mail is linked as a possible duplicate, and
 * staff merge or confirm when they open it. Limited per address; a filled
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
  if (!(await readSystemConfig(db, organisation.id)).registrationOpen) {
    throw new AppError(403, 'registration_closed', 'Online registration is closed at this centre');
  }
  if (input.website) return;
  // The rules that need the centre's business date (a birthday after its today is refused).
  const checked = prospectRegistrationOn(today(center.timeZone)).safeParse(input);
  if (!checked.success) {
    const fields = checked.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message, message: i.message }));
    throw new AppError(400, 'validation_failed', `Invalid body: ${fields.map((f) => f.path).join(', ')}`, fields);
  }

  const { website: _honeypot, privacyAccepted: _accepted, ...fields } = input;
  const lang = (organisation.settings as { defaultLanguage?: Language }).defaultLanguage ?? 'en';
  await db.transaction(async (tx) => {
    const member = await insertMember(tx, {
      ...fields,
      organisationId: organisation.id,
      homeCenterId: center.id,
      centerCode: center.code,
      status: 'prospect',
      source: 'online',
      isNew: true,
      createdBy: null,
    });
    await linkPossibleDuplicate(tx, member);
    await appendEvent(tx, {
      organisationId: organisation.id,
      centerId: center.id,
      type: 'member.registered',
      payload: { memberId: member.id, homeCenterId: center.id, source: 'online' },
      realtime: {
        scope: 'center',
        centerId: center.id,
        message: {
          center_id: center.id,
          action: 'member.registered',
          message: (REGISTERED_MESSAGE[lang] ?? REGISTERED_MESSAGE.en)(`${member.firstName} ${member.lastName}`),
          icon: 'UserPlusIcon',
          member_id: member.id,
        },
      },
    });
  });
  deps.outbox.wake();
}
