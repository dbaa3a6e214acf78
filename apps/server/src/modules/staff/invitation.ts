import { and, eq, isNull } from 'drizzle-orm';
import { organisations, passwordResetTokens } from '../../db/schema/index.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { passwordLink } from '../auth/index.ts';

/** An invitation stays open for a week: new staff often start days after they are added. */
export const INVITE_TTL_DAYS = 7;

type Text = {
  subject: (org: string) => string;
  body: (p: { name: string; org: string; email: string; link: string; days: number }) => string;
};

const TEXTS: Record<string, Text> = {
  en: {
    subject: (org) => `You are invited to ${org}`,
    body: ({ name, org, email, link, days }) =>
      `Hello ${name},\n\n${org} has created a staff account for you (${email}).\n\nOpen this link within ${days} days to choose your password:\n${link}\n\nThen sign in with your e-mail address and that password.`,
  },
  de: {
    subject: (org) => `Einladung zu ${org}`,
    body: ({ name, org, email, link, days }) =>
      `Hallo ${name},\n\n${org} hat ein Mitarbeiterkonto für Sie angelegt (${email}).\n\nÖffnen Sie diesen Link innerhalb von ${days} Tagen, um Ihr Passwort zu wählen:\n${link}\n\nMelden Sie sich danach mit Ihrer E-Mail-Adresse und diesem Passwort an.`,
  },
  fr: {
    subject: (org) => `Invitation à rejoindre ${org}`,
    body: ({ name, org, email, link, days }) =>
      `Bonjour ${name},\n\n${org} vous a créé un compte du personnel (${email}).\n\nOuvrez ce lien dans les ${days} jours pour choisir votre mot de passe :\n${link}\n\nConnectez-vous ensuite avec votre adresse e-mail et ce mot de passe.`,
  },
  pt: {
    subject: (org) => `Convite para ${org}`,
    body: ({ name, org, email, link, days }) =>
      `Olá ${name},\n\n${org} criou uma conta de equipe para você (${email}).\n\nAbra este link nos próximos ${days} dias para escolher sua senha:\n${link}\n\nDepois, entre com seu e-mail e essa senha.`,
  },
  'zh-Hant': {
    subject: (org) => `${org} 邀請你加入`,
    body: ({ name, org, email, link, days }) =>
      `${name} 你好：\n\n${org} 已為你建立員工帳戶（${email}）。\n\n請在 ${days} 天內打開以下連結設定密碼：\n${link}\n\n之後請以你的電郵地址及該密碼登入。`,
  },
};

/**
 * Writes a single-use invitation token and its e-mail in the command's transaction (the e-mail is
 * relayed once it has committed); earlier invitations of the same person stop working, so only the
 * newest e-mail's link sets the password. Answers the outbox id.
 */
export async function enqueueInvitation(
  ctx: Pick<UseCaseContext, 'db' | 'clock' | 'config' | 'mail'>,
  user: { id: string; organisationId: string; email: string; fullName: string; language: string },
): Promise<string> {
  const now = ctx.clock.now();
  await ctx.db.update(
    passwordResetTokens,
    { usedAt: now },
    and(
      eq(passwordResetTokens.userId, user.id),
      eq(passwordResetTokens.purpose, 'invite'),
      isNull(passwordResetTokens.usedAt),
    )!,
  );
  const token = newOpaqueToken();
  await ctx.db.insert(passwordResetTokens, {
    userId: user.id,
    tokenHash: hashToken(token),
    purpose: 'invite',
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
  });
  const [org] = await ctx.db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, user.organisationId));
  const text = TEXTS[user.language] ?? TEXTS.en!;
  const orgName = org?.name ?? '';
  return ctx.mail({
    organisationId: user.organisationId,
    to: user.email,
    subject: text.subject(orgName),
    text: text.body({
      name: user.fullName,
      org: orgName,
      email: user.email,
      link: passwordLink(ctx, token),
      days: INVITE_TTL_DAYS,
    }),
  });
}
