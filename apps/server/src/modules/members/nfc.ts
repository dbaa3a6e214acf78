import type { Language } from '@gym/contract/constants';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { queryContext, runCommand } from '../../lib/use-case.ts';
import { attachScannedCard } from './attach-scanned-card.ts';

type Outcome = 'linked' | 'already' | 'in_use' | 'erased';
type Words = Record<Outcome, (card: string, name: string) => string>;

/** The reader toast shows the server's message as it is, so it is written in the staff member's language. */
const MESSAGES: Record<Language, Words> = {
  en: {
    linked: (c, n) => `Card ${c} is now linked to ${n}`,
    already: (c, n) => `Card ${c} was already linked to ${n}`,
    in_use: (c) => `Card ${c} is already in use by someone else`,
    erased: () => 'This member’s data was erased: no card can be linked',
  },
  de: {
    linked: (c, n) => `Karte ${c} ist jetzt mit ${n} verknüpft`,
    already: (c, n) => `Karte ${c} war bereits mit ${n} verknüpft`,
    in_use: (c) => `Karte ${c} wird bereits von jemand anderem verwendet`,
    erased: () => 'Die Daten dieses Mitglieds wurden gelöscht: Es kann keine Karte verknüpft werden',
  },
  fr: {
    linked: (c, n) => `La carte ${c} est maintenant liée à ${n}`,
    already: (c, n) => `La carte ${c} était déjà liée à ${n}`,
    in_use: (c) => `La carte ${c} est déjà utilisée par quelqu’un d’autre`,
    erased: () => 'Les données de ce membre ont été effacées : aucune carte ne peut être liée',
  },
  pt: {
    linked: (c, n) => `O cartão ${c} agora está vinculado a ${n}`,
    already: (c, n) => `O cartão ${c} já estava vinculado a ${n}`,
    in_use: (c) => `O cartão ${c} já está em uso por outra pessoa`,
    erased: () => 'Os dados deste membro foram apagados: nenhum cartão pode ser vinculado',
  },
  'zh-Hant': {
    linked: (c, n) => `卡 ${c} 已連結至 ${n}`,
    already: (c, n) => `卡 ${c} 早已連結至 ${n}`,
    in_use: (c) => `卡 ${c} 已被其他人使用`,
    erased: () => '此會員的資料已被清除，無法連結卡',
  },
};

/**
 * The spec's reader call `POST pro/student/{student_id}/nfc/ {card}`: the card scanned in
 * update-member-card mode is attached to the member (`attachScannedCard`). Refusals the desk should
 * read (card in use, member erased) answer `{result: false, message}`; an unknown member is a 404.
 */
export async function linkScannedCard(
  deps: AppDeps,
  auth: AuthContext,
  input: { memberId: string; card: string },
): Promise<{ result: boolean; message: string }> {
  const { card } = input;
  const [user] = await queryContext(deps, auth)
    .db.select({ language: users.language })
    .from(users)
    .where(eq(users.id, auth.userId));
  const words = MESSAGES[(user?.language as Language) in MESSAGES ? (user!.language as Language) : 'en'];
  try {
    const { already, name } = await runCommand(deps, auth, attachScannedCard, input);
    return { result: true, message: (already ? words.already : words.linked)(card, name) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'card_in_use')
      return { result: false, message: words.in_use(card, '') };
    if (err instanceof AppError && err.code === 'business_rule')
      return { result: false, message: words.erased(card, '') };
    throw err;
  }
}
