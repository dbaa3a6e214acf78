/** What the booking e-mails say, in the member's language (their own, else English). */
import { LANGUAGES, type Language } from '@gym/contract/constants';

export interface BookingMailWords {
  cancelledSubject(name: string, when: string): string;
  cancelledBody: string;
  promotedSubject(name: string, when: string): string;
  promotedBody: string;
  greeting(firstName: string): string;
  /** The fee invoice line of a late cancel or a no-show (what the member reads on the invoice). */
  fee(kind: 'late_cancel' | 'no_show', name: string, when: string): string;
}

export const BOOKING_MAIL_WORDS: Record<Language, BookingMailWords> = {
  en: {
    cancelledSubject: (name, when) => `Class cancelled: ${name}, ${when}`,
    cancelledBody:
      'This class has been cancelled. Your booking is cancelled and any credit it used is back on your package.',
    promotedSubject: (name, when) => `You have a place: ${name}, ${when}`,
    promotedBody: 'A place has freed up and you have been moved from the waitlist into this class.',
    greeting: (firstName) => `Hello ${firstName},`,
    fee: (kind, name, when) => `${kind === 'no_show' ? 'No-show fee' : 'Late cancellation fee'}: ${name}, ${when}`,
  },
  de: {
    cancelledSubject: (name, when) => `Kurs abgesagt: ${name}, ${when}`,
    cancelledBody:
      'Dieser Kurs wurde abgesagt. Ihre Buchung ist storniert, und ein dafür verwendetes Guthaben wurde Ihrem Paket wieder gutgeschrieben.',
    promotedSubject: (name, when) => `Sie haben einen Platz: ${name}, ${when}`,
    promotedBody: 'Ein Platz ist frei geworden: Sie sind von der Warteliste in diesen Kurs nachgerückt.',
    greeting: (firstName) => `Hallo ${firstName},`,
    fee: (kind, name, when) =>
      `${kind === 'no_show' ? 'Gebühr für Nichterscheinen' : 'Gebühr für späte Stornierung'}: ${name}, ${when}`,
  },
  fr: {
    cancelledSubject: (name, when) => `Cours annulé : ${name}, ${when}`,
    cancelledBody:
      'Ce cours a été annulé. Votre réservation est annulée et le crédit éventuellement utilisé a été recrédité sur votre forfait.',
    promotedSubject: (name, when) => `Une place pour vous : ${name}, ${when}`,
    promotedBody: 'Une place s’est libérée : vous passez de la liste d’attente à ce cours.',
    greeting: (firstName) => `Bonjour ${firstName},`,
    fee: (kind, name, when) =>
      `${kind === 'no_show' ? 'Frais d’absence' : 'Frais d’annulation tardive'} : ${name}, ${when}`,
  },
  pt: {
    cancelledSubject: (name, when) => `Aula cancelada: ${name}, ${when}`,
    cancelledBody:
      'Esta aula foi cancelada. A sua reserva foi cancelada e o crédito que tenha usado voltou ao seu pacote.',
    promotedSubject: (name, when) => `Tem lugar: ${name}, ${when}`,
    promotedBody: 'Vagou um lugar e passou da lista de espera para esta aula.',
    greeting: (firstName) => `Olá ${firstName},`,
    fee: (kind, name, when) =>
      `${kind === 'no_show' ? 'Taxa de falta' : 'Taxa de cancelamento tardio'}: ${name}, ${when}`,
  },
  'zh-Hant': {
    cancelledSubject: (name, when) => `課堂已取消：${name}，${when}`,
    cancelledBody: '此課堂已取消。您的預約亦已取消，所用的堂數已退回您的套票。',
    promotedSubject: (name, when) => `您已獲得名額：${name}，${when}`,
    promotedBody: '有學員退出，您已由候補名單轉為正式預約此課堂。',
    greeting: (firstName) => `${firstName}，您好：`,
    fee: (kind, name, when) => `${kind === 'no_show' ? '缺席費' : '逾時取消費'}：${name}，${when}`,
  },
};

/** The words of a member's language; an unknown or empty language reads English. */
export function bookingMailWords(language: string | null | undefined): BookingMailWords {
  return (LANGUAGES as readonly string[]).includes(language ?? '')
    ? BOOKING_MAIL_WORDS[language as Language]
    : BOOKING_MAIL_WORDS.en;
}
