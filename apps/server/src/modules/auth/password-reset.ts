import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import { type CommandContext, publicCaller, runCommand } from '../../lib/use-case.ts';
import { setPasswordWithToken } from './set-password-with-token.ts';
import { createThrottle } from './throttle.ts';
import type { UserRow } from './user-data.ts';

type Scope = Pick<AuthContext, 'organisationId' | 'centerIds'>;

const SUBJECTS: Record<string, string> = {
  en: 'Reset your password',
  de: 'Passwort zurücksetzen',
  fr: 'Réinitialiser votre mot de passe',
  pt: 'Redefinir sua senha',
  'zh-Hant': '重設密碼',
};
const BODIES: Record<string, (link: string, minutes: number) => string> = {
  en: (l, m) =>
    `Someone asked to reset your password.\n\nOpen this link within ${m} minutes to choose a new one:\n${l}\n\nIf it was not you, ignore this message.`,
  de: (l, m) =>
    `Jemand hat das Zurücksetzen Ihres Passworts angefordert.\n\nÖffnen Sie diesen Link innerhalb von ${m} Minuten, um ein neues zu wählen:\n${l}\n\nWenn Sie das nicht waren, ignorieren Sie diese Nachricht.`,
  fr: (l, m) =>
    `Une réinitialisation de votre mot de passe a été demandée.\n\nOuvrez ce lien dans les ${m} minutes pour en choisir un nouveau :\n${l}\n\nSi ce n'était pas vous, ignorez ce message.`,
  pt: (l, m) =>
    `Recebemos um pedido para redefinir sua senha.\n\nAbra este link nos próximos ${m} minutos para escolher uma nova:\n${l}\n\nSe não foi você, ignore esta mensagem.`,
  'zh-Hant': (l, m) =>
    `有人要求重設你的密碼。\n\n請在 ${m} 分鐘內打開以下連結設定新密碼：\n${l}\n\n如非本人操作，請忽略此郵件。`,
};

/** The web app's page that takes a reset or invitation token and sets the password. */
export function passwordLink(ctx: { config: Pick<Config, 'publicUrl'> }, token: string): string {
  return `${ctx.config.publicUrl}/reset-password-v1?token=${token}`;
}

/**
 * Writes a reset token and its e-mail in the command's transaction; the e-mail is relayed once it
 * has committed. Staff screens use it too ("send a reset link" on a colleague's account).
 */
export async function enqueuePasswordResetMail(
  ctx: Pick<CommandContext<Scope>, 'db' | 'clock' | 'config' | 'mail'>,
  user: Pick<UserRow, 'id' | 'organisationId' | 'email' | 'language'>,
): Promise<string> {
  const token = newOpaqueToken();
  const minutes = ctx.config.PASSWORD_RESET_TTL_MINUTES;
  const link = passwordLink(ctx, token);
  const lang = SUBJECTS[user.language] ? user.language : 'en';
  await ctx.db.insert(passwordResetTokens, {
    userId: user.id,
    tokenHash: hashToken(token),
    purpose: 'reset',
    expiresAt: new Date(ctx.clock.now().getTime() + minutes * 60_000),
  });
  return ctx.mail({
    organisationId: user.organisationId,
    to: user.email,
    subject: SUBJECTS[lang]!,
    text: BODIES[lang]!(link, minutes),
  });
}

/**
 * Sends a single-use, expiring reset link. Answers the same whether or not the address is known,
 * so the form cannot be used to find staff e-mails. Limited to 5 requests per address per hour.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const { db } = deps.database;
  const throttle = createThrottle(db);
  const attempt = await throttle.attempt([
    { key: `reset:${email}`, maxAttempts: 5, lockSeconds: 3600, windowSeconds: 3600 },
  ]);
  if (attempt.refusedFor > 0) return;

  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user?.active) return;
  await runCommand(
    deps,
    publicCaller(user.organisationId, [], 'password reset request'),
    enqueuePasswordResetMail,
    user,
  );
}

/**
 * Sets a new password with a reset or invitation token (an invited staff member chooses their
 * first password here): single use, expiring; every open session is signed out, and every other
 * link of the account still outstanding stops working (an older invitation or reset e-mail).
 */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const passwordHash = await deps.hasher.hash(password);
  const tokenHash = hashToken(token);
  // The link names no organisation: its token is looked up first, then used in its organisation.
  const [found] = await deps.database.db
    .select({ organisationId: passwordResetTokens.organisationId })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!found) throw new AppError(400, 'token_invalid', 'This reset link is not valid or was already used');
  const changed = await runCommand(
    deps,
    publicCaller(found.organisationId, [], 'password reset'),
    setPasswordWithToken,
    { tokenHash, passwordHash },
  );
  // A successful reset also lifts a lock on the account, from every address and browser.
  if (changed) {
    await createThrottle(deps.database.db).clear(
      [`email:${changed.email}`],
      [`email-ip:${changed.email} `, `device:${changed.id}:`],
    );
  }
}
