import { usualCurrencySymbol } from '@gym/contract/currency';
import type { RegisterRequest } from '@gym/contract/registration';
import { eq } from 'drizzle-orm';
import { organisations, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { createThrottle } from './throttle.ts';

type Words = { name: string; organisationName: string };

const TAKEN_TEXTS: Record<string, { subject: string; body: (w: Words) => string }> = {
  en: {
    subject: 'Someone tried to register with your e-mail address',
    body: (w) =>
      `Hello ${w.name},\n\nSomeone just tried to register a new organisation ("${w.organisationName}") with this e-mail address. It already belongs to your account, so nothing was created and your account is unchanged.\n\nIf it was you, sign in with your existing password, or ask for a reset link on the sign-in page. If it was not you, you can ignore this message.`,
  },
  de: {
    subject: 'Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
    body: (w) =>
      `Hallo ${w.name},\n\njemand hat soeben versucht, mit dieser E-Mail-Adresse eine neue Organisation („${w.organisationName}“) zu registrieren. Die Adresse gehört bereits zu Ihrem Konto; es wurde nichts angelegt und Ihr Konto ist unverändert.\n\nWaren Sie das, melden Sie sich mit Ihrem bisherigen Passwort an oder fordern Sie auf der Anmeldeseite einen Link zum Zurücksetzen an. Andernfalls können Sie diese Nachricht ignorieren.`,
  },
  fr: {
    subject: "Quelqu'un a voulu s'inscrire avec votre adresse e-mail",
    body: (w) =>
      `Bonjour ${w.name},\n\nQuelqu'un vient d'essayer d'inscrire une nouvelle organisation (« ${w.organisationName} ») avec cette adresse e-mail. Elle appartient déjà à votre compte : rien n'a été créé et votre compte n'a pas changé.\n\nSi c'était vous, connectez-vous avec votre mot de passe actuel ou demandez un lien de réinitialisation sur la page de connexion. Sinon, vous pouvez ignorer ce message.`,
  },
  pt: {
    subject: 'Alguém tentou se cadastrar com seu e-mail',
    body: (w) =>
      `Olá ${w.name},\n\nAlguém acabou de tentar cadastrar uma nova organização ("${w.organisationName}") com este e-mail. Ele já pertence à sua conta, então nada foi criado e sua conta continua igual.\n\nSe foi você, entre com sua senha atual ou peça um link de redefinição na página de acesso. Se não foi você, pode ignorar esta mensagem.`,
  },
  'zh-Hant': {
    subject: '有人嘗試以你的電郵地址註冊',
    body: (w) =>
      `${w.name} 你好：\n\n剛才有人嘗試以此電郵地址註冊新機構（「${w.organisationName}」）。此地址已屬於你的帳戶，因此沒有建立任何內容，你的帳戶亦沒有改變。\n\n如是你本人，請以現有密碼登入，或在登入頁面索取重設連結；如不是你，可忽略此郵件。`,
  },
};

/**
 * Creates a new organisation (gym company) with its first admin, who then signs in with the
 * password they chose. Limited per address (counted in the database, so every server shares it).
 * A known e-mail gets exactly the answer an unknown one gets (202), so the form cannot tell who
 * has an account; the owner of that address is told by e-mail instead. A taken initial is still
 * reported: initials are public (registration links carry them).
 */
export async function registerOrganisation(
  deps: AppDeps,
  input: RegisterRequest,
  ip: string | undefined,
): Promise<void> {
  if (!deps.config.REGISTRATION_OPEN) {
    throw new AppError(403, 'registration_closed', 'Registration of new organisations is closed');
  }
  const { db } = deps.database;
  const hour = 3600;
  const { refusedFor } = await createThrottle(db).attempt([
    {
      key: `register-org:${ip || 'unknown'}`,
      maxAttempts: deps.config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      lockSeconds: hour,
      windowSeconds: hour,
    },
  ]);
  if (refusedFor > 0) {
    throw new AppError(429, 'rate_limited', 'Too many registrations from this address', undefined, refusedFor);
  }
  // Hashed whether or not the address is known: both answers take the same time.
  const passwordHash = await deps.hasher.hash(input.password);
  const initialTaken = () => conflict('initial_taken', 'This initial is already in use.', 'initial');

  let mailId: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.initial, input.initial));
      if (taken) throw initialTaken();
      const [owner] = await tx.select().from(users).where(eq(users.email, input.email));
      if (owner) {
        const text = TAKEN_TEXTS[owner.language] ?? TAKEN_TEXTS.en!;
        mailId = await deps.mailer.enqueue(tx, {
          organisationId: owner.organisationId,
          to: owner.email,
          subject: text.subject,
          text: text.body({ name: owner.fullName, organisationName: input.organisationName }),
        });
        return;
      }
      const [organisation] = await tx
        .insert(organisations)
        .values({
          name: input.organisationName,
          initial: input.initial,
          // Its own money from the start: the code asked for, written with its usual symbol.
          settings: { currencyCode: input.currencyCode, currencySymbol: usualCurrencySymbol(input.currencyCode) },
        })
        .returning();
      await tx.insert(users).values({
        organisationId: organisation!.id,
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        role: 'admin',
        language: input.language,
      });
    });
  } catch (err) {
    // Two registrations racing for one address or initial: the loser gets the same answers.
    if (isUniqueViolation(err, 'users_email_unique')) return;
    if (isUniqueViolation(err, 'organisations_initial_unique')) throw initialTaken();
    throw err;
  }
  if (mailId) await deps.mailer.flush(mailId);
}
