import type { Language } from '@gym/contract/constants';
import { formatMemberName } from '@gym/contract/names';
import { prospectRegistrationOn, type prospectRegistrationSchema } from '@gym/contract/public';
import { today } from '@gym/contract/time';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { PublicContext } from '../../lib/use-case.ts';
import { insertMember, linkPossibleDuplicate } from '../members/index.ts';

export type RegisterProspectInput = { centerId: string; registration: z.output<typeof prospectRegistrationSchema> };

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
 * staff merge or confirm when they open it. A filled honeypot is thanked and ignored. The caller is
 * the page's organisation and centre (`openRegistration`); `member.registered` tells the desk.
 */
export async function registerProspect(ctx: PublicContext, input: RegisterProspectInput): Promise<void> {
  const { website, privacyAccepted: _accepted, ...fields } = input.registration;
  if (website) return;
  const { auth } = ctx;
  const center = await ctx.db.usableCenter(input.centerId, 'centerCode');
  // The rules that need the centre's business date (a birthday after its today is refused).
  const checked = prospectRegistrationOn(today(center.timeZone)).safeParse(input.registration);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message, message: i.message }));
    throw new AppError(400, 'validation_failed', `Invalid body: ${issues.map((f) => f.path).join(', ')}`, issues);
  }
  const member = await insertMember(ctx, {
    ...fields,
    organisationId: auth.organisationId,
    homeCenterId: center.id,
    centerCode: center.code,
    status: 'prospect',
    source: 'online',
    isNew: true,
    createdBy: null,
  });
  await linkPossibleDuplicate(ctx.db, member);
  const { defaultLanguage } = await readSystemConfig(
    ctx.db.unscoped('readSystemConfig reads the caller’s organisation row by its id'),
    auth.organisationId,
  );
  ctx.emit({
    organisationId: auth.organisationId,
    centerId: center.id,
    type: 'member.registered',
    payload: { memberId: member.id, homeCenterId: center.id, source: 'online' },
    realtime: {
      scope: 'center',
      centerId: center.id,
      message: {
        center_id: center.id,
        action: 'member.registered',
        message: (REGISTERED_MESSAGE[defaultLanguage] ?? REGISTERED_MESSAGE.en)(formatMemberName(member)),
        icon: 'UserPlusIcon',
        member_id: member.id,
      },
    },
  });
}
