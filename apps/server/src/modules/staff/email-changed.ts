import { eq } from 'drizzle-orm';
import { organisations, users } from '../../db/schema/index.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';

type Words = { name: string; org: string; oldEmail: string; newEmail: string; by: string };

const TEXTS: Record<string, { subject: string; body: (w: Words) => string }> = {
  en: {
    subject: 'Your sign-in e-mail was changed',
    body: (w) =>
      `Hello ${w.name},\n\n${w.by} changed the e-mail address you sign in to ${w.org} with, from ${w.oldEmail} to ${w.newEmail}.\n\nFrom now on, sign in with the new address. If you did not expect this, contact ${w.by} or another administrator of ${w.org} at once.`,
  },
  de: {
    subject: 'Ihre Anmelde-E-Mail-Adresse wurde geändert',
    body: (w) =>
      `Hallo ${w.name},\n\n${w.by} hat die E-Mail-Adresse, mit der Sie sich bei ${w.org} anmelden, von ${w.oldEmail} in ${w.newEmail} geändert.\n\nMelden Sie sich ab jetzt mit der neuen Adresse an. Wenn Sie das nicht erwartet haben, wenden Sie sich bitte sofort an ${w.by} oder eine andere Administratorin bzw. einen anderen Administrator von ${w.org}.`,
  },
  fr: {
    subject: 'Votre adresse e-mail de connexion a été modifiée',
    body: (w) =>
      `Bonjour ${w.name},\n\n${w.by} a remplacé l'adresse e-mail avec laquelle vous vous connectez à ${w.org} : ${w.oldEmail} devient ${w.newEmail}.\n\nDésormais, connectez-vous avec la nouvelle adresse. Si vous ne vous y attendiez pas, contactez sans tarder ${w.by} ou un autre administrateur de ${w.org}.`,
  },
  pt: {
    subject: 'Seu e-mail de acesso foi alterado',
    body: (w) =>
      `Olá ${w.name},\n\n${w.by} alterou o e-mail com que você entra em ${w.org}, de ${w.oldEmail} para ${w.newEmail}.\n\nA partir de agora, entre com o novo endereço. Se você não esperava por isso, fale imediatamente com ${w.by} ou com outro administrador de ${w.org}.`,
  },
  'zh-Hant': {
    subject: '你的登入電郵已更改',
    body: (w) =>
      `${w.name} 你好：\n\n${w.by} 已將你登入 ${w.org} 所用的電郵地址由 ${w.oldEmail} 改為 ${w.newEmail}。\n\n此後請以新地址登入。如你並未預期此更改，請立即聯絡 ${w.by} 或 ${w.org} 的其他管理員。`,
  },
};

/**
 * Tells the OLD address, in the person's language, that a colleague changed their sign-in e-mail
 * and who did it: a taken-over account is noticed at its old address. Written in the command's
 * transaction and relayed once it has committed; answers the outbox id.
 */
export async function enqueueEmailChangedNotice(
  ctx: Pick<UseCaseContext, 'auth' | 'db' | 'mail'>,
  { target, newEmail }: { target: { fullName: string; email: string; language: string }; newEmail: string },
): Promise<string> {
  const [by] = await ctx.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, ctx.auth.userId));
  const [org] = await ctx.db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, ctx.auth.organisationId));
  const text = TEXTS[target.language] ?? TEXTS.en!;
  return ctx.mail({
    organisationId: ctx.auth.organisationId,
    to: target.email,
    subject: text.subject,
    text: text.body({
      name: target.fullName,
      org: org?.name ?? '',
      oldEmail: target.email,
      newEmail,
      by: by?.fullName ?? '',
    }),
  });
}
