import type { LoginResponse, RegisterRequest } from '@gym/contract/auth';
import { eq } from 'drizzle-orm';
import { organisations, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { type ClientMeta, startSession } from './sessions.ts';
import { loadUserData } from './user-data.ts';

/** Creates a new organisation (gym company) with its first admin, and signs that admin in. */
export async function registerOrganisation(
  deps: AppDeps,
  input: RegisterRequest,
  meta: ClientMeta,
): Promise<LoginResponse> {
  if (!deps.config.REGISTRATION_OPEN) {
    throw new AppError(403, 'registration_closed', 'Registration of new organisations is closed');
  }
  const passwordHash = await deps.hasher.hash(input.password);
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    const [emailTaken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (emailTaken) throw conflict('email_taken', 'This email is already in use.', 'email');
    const [initialTaken] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.initial, input.initial));
    if (initialTaken) throw conflict('initial_taken', 'This initial is already in use.', 'initial');

    const [organisation] = await tx
      .insert(organisations)
      .values({ name: input.organisationName, initial: input.initial })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        organisationId: organisation!.id,
        email: input.email,
        fullName: input.fullName,
        passwordHash,
        role: 'admin',
        language: input.language,
      })
      .returning();
    const tokens = await startSession(deps, tx, user!, meta);
    return { ...tokens, userData: await loadUserData(tx, user!.id) };
  });
}
