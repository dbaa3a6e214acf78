/** The words of a payment reminder, in the member's language: before its due date, and after it. */
import type { Language } from '@gym/contract/constants';

interface ReminderWords {
  subject: (centre: string, late: boolean) => string;
  body: (p: {
    name: string;
    centre: string;
    what: string;
    amount: string;
    due: string;
    late: boolean;
    until: string;
    link: string;
  }) => string;
}

export const REMINDER_MAIL: Record<Language, ReminderWords> = {
  en: {
    subject: (centre, late) => (late ? `Payment overdue at ${centre}` : `Payment reminder from ${centre}`),
    body: ({ name, centre, what, amount, due, late, until, link }) =>
      `Hello ${name},\n\n${late ? `${amount} for ${what} was due on ${due} and is still open at ${centre}.` : `${amount} for ${what} is due on ${due} at ${centre}.`}\n\nPay online with this link (valid until ${until}):\n${link}\n\nAlready paid? Then please ignore this e-mail. Questions? Just reply or ask at the desk.`,
  },
  de: {
    subject: (centre, late) => (late ? `Zahlung überfällig bei ${centre}` : `Zahlungserinnerung von ${centre}`),
    body: ({ name, centre, what, amount, due, late, until, link }) =>
      `Hallo ${name},\n\n${late ? `${amount} für ${what} war am ${due} fällig und ist bei ${centre} noch offen.` : `${amount} für ${what} ist am ${due} bei ${centre} fällig.`}\n\nZahlen Sie online mit diesem Link (gültig bis ${until}):\n${link}\n\nSchon bezahlt? Dann betrachten Sie diese E-Mail als gegenstandslos. Fragen? Antworten Sie einfach oder fragen Sie am Empfang.`,
  },
  fr: {
    subject: (centre, late) => (late ? `Paiement en retard chez ${centre}` : `Rappel de paiement de ${centre}`),
    body: ({ name, centre, what, amount, due, late, until, link }) =>
      `Bonjour ${name},\n\n${late ? `${amount} pour ${what} était dû le ${due} et reste à régler chez ${centre}.` : `${amount} pour ${what} est dû le ${due} chez ${centre}.`}\n\nPayez en ligne avec ce lien (valable jusqu’au ${until}) :\n${link}\n\nDéjà payé ? Ignorez simplement cet e-mail. Des questions ? Répondez ou demandez à l’accueil.`,
  },
  pt: {
    subject: (centre, late) => (late ? `Pagamento em atraso em ${centre}` : `Lembrete de pagamento de ${centre}`),
    body: ({ name, centre, what, amount, due, late, until, link }) =>
      `Olá ${name},\n\n${late ? `${amount} referente a ${what} venceu a ${due} e continua em aberto em ${centre}.` : `${amount} referente a ${what} vence a ${due} em ${centre}.`}\n\nPague online com este link (válido até ${until}):\n${link}\n\nJá pagou? Ignore este e-mail. Dúvidas? Responda ou pergunte na receção.`,
  },
  'zh-Hant': {
    subject: (centre, late) => (late ? `${centre} 逾期付款通知` : `${centre} 付款提醒`),
    body: ({ name, centre, what, amount, due, late, until, link }) =>
      `${name} 你好：\n\n${late ? `${what} 的款項 ${amount} 已於 ${due} 到期，在 ${centre} 仍未繳付。` : `${what} 的款項 ${amount} 將於 ${due} 在 ${centre} 到期。`}\n\n請使用以下連結網上付款（有效至 ${until}）：\n${link}\n\n如已付款，請忽略此電郵。如有疑問，請回覆或向前台查詢。`,
  },
};
