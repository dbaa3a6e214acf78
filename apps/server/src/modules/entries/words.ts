/**
 * What the door says, in the five languages. The entry notification is written in the
 * organisation's default language (every browser of the centre shows the same toast); the HTTP
 * answer of a tap, an override and a clock-in in the caller's own.
 */
import { LANGUAGES, type Language } from '@gym/contract/constants';
import type { Entry, EntryDenialReason, EntryOutcome } from '@gym/contract/entries';

export interface DoorWords {
  days(n: number): string;
  credits(n: number): string;
  /** Granted with nothing to count (a membership without an end). */
  welcome: string;
  overridden: string;
  duplicate: string;
  reasons: Record<EntryDenialReason, string>;
  clockedIn(name: string, time: string): string;
  clockedOut(name: string, time: string, minutes: number): string;
  notStaffCard(card: string): string;
}

const hm = (minutes: number, h: string, m: string) => `${Math.floor(minutes / 60)} ${h} ${minutes % 60} ${m}`;

export const DOOR_WORDS: Record<Language, DoorWords> = {
  en: {
    days: (n) => (n === 1 ? '1 day left' : `${n} days left`),
    credits: (n) => (n === 1 ? '1 credit left' : `${n} credits left`),
    welcome: 'welcome',
    overridden: 'let in by staff',
    duplicate: 'already tapped in',
    reasons: {
      unknown_card: 'unknown card',
      card_lost: 'card reported lost',
      card_detached: 'card no longer linked',
      staff_card: 'staff card: use clock-in',
      member_left: 'membership ended (member left)',
      member_frozen: 'membership frozen',
      outside_opening_hours: 'outside opening hours',
      no_entitlement: 'no valid membership or credits at this centre',
      overdue_balance: 'overdue balance to settle',
      agreement_missing: 'signed agreement missing',
    },
    clockedIn: (n, t) => `${n} clocked in at ${t}`,
    clockedOut: (n, t, m) => `${n} clocked out at ${t} (${hm(m, 'h', 'min')})`,
    notStaffCard: (c) => `Card ${c} is not a staff card`,
  },
  de: {
    days: (n) => (n === 1 ? 'noch 1 Tag' : `noch ${n} Tage`),
    credits: (n) => (n === 1 ? 'noch 1 Guthabeneinheit' : `noch ${n} Guthabeneinheiten`),
    welcome: 'willkommen',
    overridden: 'vom Team eingelassen',
    duplicate: 'bereits eingecheckt',
    reasons: {
      unknown_card: 'unbekannte Karte',
      card_lost: 'Karte als verloren gemeldet',
      card_detached: 'Karte nicht mehr verknüpft',
      staff_card: 'Mitarbeiterkarte: bitte Zeiterfassung nutzen',
      member_left: 'Mitgliedschaft beendet (ausgetreten)',
      member_frozen: 'Mitgliedschaft pausiert',
      outside_opening_hours: 'außerhalb der Öffnungszeiten',
      no_entitlement: 'keine gültige Mitgliedschaft und kein Guthaben in diesem Studio',
      overdue_balance: 'offener, überfälliger Betrag',
      agreement_missing: 'unterschriebener Vertrag fehlt',
    },
    clockedIn: (n, t) => `${n} um ${t} eingestempelt`,
    clockedOut: (n, t, m) => `${n} um ${t} ausgestempelt (${hm(m, 'Std.', 'Min.')})`,
    notStaffCard: (c) => `Karte ${c} ist keine Mitarbeiterkarte`,
  },
  fr: {
    days: (n) => (n === 1 ? '1 jour restant' : `${n} jours restants`),
    credits: (n) => (n === 1 ? '1 crédit restant' : `${n} crédits restants`),
    welcome: 'bienvenue',
    overridden: 'entrée accordée par l’équipe',
    duplicate: 'déjà entré',
    reasons: {
      unknown_card: 'carte inconnue',
      card_lost: 'carte déclarée perdue',
      card_detached: 'carte plus associée',
      staff_card: 'carte du personnel : utilisez le pointage',
      member_left: 'abonnement terminé (membre parti)',
      member_frozen: 'abonnement suspendu',
      outside_opening_hours: 'en dehors des heures d’ouverture',
      no_entitlement: 'ni abonnement valide ni crédit dans ce centre',
      overdue_balance: 'solde en retard à régler',
      agreement_missing: 'contrat signé manquant',
    },
    clockedIn: (n, t) => `${n} a pointé son arrivée à ${t}`,
    clockedOut: (n, t, m) => `${n} a pointé son départ à ${t} (${hm(m, 'h', 'min')})`,
    notStaffCard: (c) => `La carte ${c} n’est pas une carte du personnel`,
  },
  pt: {
    days: (n) => (n === 1 ? '1 dia restante' : `${n} dias restantes`),
    credits: (n) => (n === 1 ? '1 crédito restante' : `${n} créditos restantes`),
    welcome: 'bem-vindo',
    overridden: 'entrada liberada pela equipe',
    duplicate: 'entrada já registrada',
    reasons: {
      unknown_card: 'cartão desconhecido',
      card_lost: 'cartão comunicado como perdido',
      card_detached: 'cartão não está mais vinculado',
      staff_card: 'cartão de funcionário: use o registro de ponto',
      member_left: 'plano encerrado (aluno saiu)',
      member_frozen: 'plano congelado',
      outside_opening_hours: 'fora do horário de funcionamento',
      no_entitlement: 'sem plano válido nem créditos nesta unidade',
      overdue_balance: 'saldo em atraso a pagar',
      agreement_missing: 'contrato assinado em falta',
    },
    clockedIn: (n, t) => `${n} registrou entrada às ${t}`,
    clockedOut: (n, t, m) => `${n} registrou saída às ${t} (${hm(m, 'h', 'min')})`,
    notStaffCard: (c) => `O cartão ${c} não é um cartão de funcionário`,
  },
  'zh-Hant': {
    days: (n) => `尚餘 ${n} 天`,
    credits: (n) => `尚餘 ${n} 堂`,
    welcome: '歡迎',
    overridden: '職員准許進場',
    duplicate: '已經入場',
    reasons: {
      unknown_card: '未登記的卡',
      card_lost: '此卡已報失',
      card_detached: '此卡已解除連結',
      staff_card: '職員卡：請用打卡功能',
      member_left: '會籍已終止（會員已離開）',
      member_frozen: '會籍已暫停',
      outside_opening_hours: '非營業時間',
      no_entitlement: '此中心沒有有效會籍或堂數',
      overdue_balance: '有逾期未繳款項',
      agreement_missing: '未簽署協議',
    },
    clockedIn: (n, t) => `${n} 於 ${t} 上班打卡`,
    clockedOut: (n, t, m) => `${n} 於 ${t} 下班打卡（${Math.floor(m / 60)} 小時 ${m % 60} 分鐘）`,
    notStaffCard: (c) => `卡 ${c} 不是職員卡`,
  },
};

export const wordsFor = (language: string | null | undefined): DoorWords =>
  DOOR_WORDS[(LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en'];

/** What an entry looks like, for the facts a message needs. */
export interface MessageFacts {
  result: 'granted' | 'denied' | 'duplicate';
  reason: EntryDenialReason | null;
  grantedBy: string | null;
  memberName: string | null;
  daysLeft: number | null;
  creditsLeft: number | null;
}

/** "Chan Tai Man — 23 days left", "Chan Tai Man — membership frozen", "unknown card". */
export function entryMessage(w: DoorWords, f: MessageFacts): string {
  const what =
    f.result === 'duplicate'
      ? w.duplicate
      : f.result === 'denied'
        ? w.reasons[f.reason ?? 'no_entitlement']
        : f.grantedBy === 'override'
          ? w.overridden
          : f.creditsLeft !== null
            ? w.credits(f.creditsLeft)
            : f.daysLeft !== null
              ? w.days(f.daysLeft)
              : w.welcome;
  return f.memberName ? `${f.memberName} — ${what}` : what.charAt(0).toUpperCase() + what.slice(1);
}

/** The toast's icon: a tick, a cross, or a warning for what staff may settle at the desk. */
export function entryIcon(f: Pick<MessageFacts, 'result' | 'reason'>): string {
  if (f.result === 'granted') return 'check-circle';
  if (f.result === 'duplicate') return 'info-circle';
  return f.reason === 'overdue_balance' || f.reason === 'outside_opening_hours' || f.reason === 'agreement_missing'
    ? 'alert-triangle'
    : 'x-circle';
}

/** The facts of an entry's message, as its view holds them. */
const factsOf = (entry: Entry): MessageFacts => ({
  result: entry.result,
  reason: entry.reason,
  grantedBy: entry.grantedBy,
  memberName: entry.member?.name ?? null,
  daysLeft: entry.daysLeft,
  creditsLeft: entry.creditsLeft,
});

/** The answer of a tap or an override, its message in the caller's words. */
export const entryOutcome = (words: DoorWords, entry: Entry): EntryOutcome => ({
  result: entry.result,
  reason: entry.reason,
  message: entryMessage(words, factsOf(entry)),
  entry,
});

/** The entry notification every browser of the entry's centre is sent: `{center_id, action: 'entry', message, icon, entry}`. */
export function entryNotification(entry: Entry, language: string | null | undefined) {
  const facts = factsOf(entry);
  return {
    center_id: entry.center.id,
    action: 'entry' as const,
    message: entryMessage(wordsFor(language), facts),
    icon: entryIcon(facts),
    entry,
  };
}
