/**
 * Staff send a pay link to the member by e-mail, in the member's language: what it is for, the
 * amount, until when it can be paid, and the link. Only a link that can still be paid is sent; the
 * e-mail is queued in the command's transaction (relayed once it has committed) and audited.
 */
import { LANGUAGES, type Language } from '@gym/contract/constants';
import { formatMemberName } from '@gym/contract/names';
import { wallClock } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { centers, members, payLinks } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { moneyText } from '../../lib/money-text.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { owedOnLink, payLinkAmount, payLinkState } from './pay-link-state.ts';

interface Words {
  subject: (centre: string) => string;
  body: (p: { name: string; centre: string; what: string; amount: string; until: string; link: string }) => string;
}

export const PAY_LINK_MAIL: Record<Language, Words> = {
  en: {
    subject: (centre) => `Your payment link from ${centre}`,
    body: ({ name, centre, what, amount, until, link }) =>
      `Hello ${name},\n\n${centre} asks you to pay ${amount} for ${what}.\n\nPay online with this link (valid until ${until}):\n${link}\n\nQuestions? Just reply to this e-mail or ask at the desk.`,
  },
  de: {
    subject: (centre) => `Ihr Zahlungslink von ${centre}`,
    body: ({ name, centre, what, amount, until, link }) =>
      `Hallo ${name},\n\n${centre} bittet Sie, ${amount} für ${what} zu zahlen.\n\nZahlen Sie online mit diesem Link (gültig bis ${until}):\n${link}\n\nFragen? Antworten Sie einfach auf diese E-Mail oder fragen Sie am Empfang.`,
  },
  fr: {
    subject: (centre) => `Votre lien de paiement de ${centre}`,
    body: ({ name, centre, what, amount, until, link }) =>
      `Bonjour ${name},\n\n${centre} vous demande de régler ${amount} pour ${what}.\n\nPayez en ligne avec ce lien (valable jusqu’au ${until}) :\n${link}\n\nDes questions ? Répondez à cet e-mail ou demandez à l’accueil.`,
  },
  pt: {
    subject: (centre) => `O seu link de pagamento de ${centre}`,
    body: ({ name, centre, what, amount, until, link }) =>
      `Olá ${name},\n\n${centre} pede-lhe que pague ${amount} referente a ${what}.\n\nPague online com este link (válido até ${until}):\n${link}\n\nDúvidas? Responda a este e-mail ou pergunte na receção.`,
  },
  'zh-Hant': {
    subject: (centre) => `${centre} 付款連結`,
    body: ({ name, centre, what, amount, until, link }) =>
      `${name} 你好：\n\n${centre} 請你支付 ${amount}（${what}）。\n\n請使用以下連結網上付款（有效至 ${until}）：\n${link}\n\n如有疑問，請回覆此電郵或向前台查詢。`,
  },
};

export const INVOICE_WORD: Record<Language, (n: string) => string> = {
  en: (n) => `invoice ${n}`,
  de: (n) => `Rechnung ${n}`,
  fr: (n) => `la facture ${n}`,
  pt: (n) => `a fatura ${n}`,
  'zh-Hant': (n) => `發票 ${n}`,
};

export async function emailPayLink(
  ctx: UseCaseContext,
  { id, publicUrl }: { id: string; publicUrl: string },
): Promise<{ outboxId: string; to: string }> {
  const [link] = await ctx.db.select().from(payLinks).where(eq(payLinks.id, id));
  if (!link) throw notFound('pay link');
  const { invoice, owed } = await owedOnLink(ctx.db, link);
  const state = payLinkState(link, ctx.clock.now(), owed);
  if (state !== 'active') {
    const code = `pay_link_${state}` as const;
    throw new AppError(state === 'outdated' ? 409 : 410, code, `This pay link is ${state}: it cannot be sent`);
  }
  const [row] = await ctx.db
    .select({ member: members, centre: centers })
    .from(members)
    .innerJoin(centers, eq(centers.id, link.centerId))
    .where(eq(members.id, link.memberId));
  const member = row!.member;
  const to = member.email?.trim();
  if (!to) throw new AppError(422, 'member_no_email', 'The member has no e-mail address');
  const config = await readSystemConfig(
    ctx.db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
    ctx.auth.organisationId,
  );
  const language: Language = (LANGUAGES as readonly string[]).includes(member.language)
    ? (member.language as Language)
    : config.defaultLanguage;
  const words = PAY_LINK_MAIL[language];
  const centre = row!.centre.name;
  const outboxId = await ctx.mail({
    organisationId: ctx.auth.organisationId,
    to,
    subject: words.subject(centre),
    text: words.body({
      name: member.firstName || formatMemberName(member),
      centre,
      what: link.description ?? INVOICE_WORD[language](invoice.number),
      amount: moneyText(payLinkAmount(link, owed), invoice.currencyCode),
      until: untilText(link.expiresAt, row!.centre.timeZone),
      link: `${publicUrl}/pay_link/${link.token}/`,
    }),
  });
  await recordAudit(ctx, {
    action: 'pay_link.emailed',
    entityType: 'pay_link',
    entityId: id,
    centerId: link.centerId,
    summary: `Pay link e-mailed to ${to}`,
    before: null,
    after: { to },
  });
  return { outboxId, to };
}

/** `2026-12-06 18:00`: the link's end on the centre's wall clock. */
export function untilText(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month)}-${p(w.day)} ${p(w.hour)}:${p(w.minute)}`;
}
