import { eq } from 'drizzle-orm';
import { userCenters } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/access.ts';
import { conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { runTransaction, type UseCaseContext } from '../../lib/use-case.ts';

/**
 * A staff command's context: the use case context, the services a staff change needs (mail,
 * session revocation) and the e-mails to relay once the transaction has committed.
 */
export interface StaffContext extends UseCaseContext {
  deps: AppDeps;
  /** An e-mail enqueued in this transaction (outbox id): relayed after the commit, never on rollback. */
  mailAfterCommit(mailId: string): void;
}

/** A staff command: one file, one exported function of this shape. */
export type StaffUseCase<I, O> = (ctx: StaffContext, input: I) => Promise<O>;

/**
 * Runs a staff use case as one command (`runTransaction`: one transaction, scoped `ctx.db`, events),
 * relays its e-mails after the commit, and turns the e-mail's unique index into 409 `email_taken`:
 * addresses are unique in the whole deployment (sign-in is by e-mail).
 */
export async function runStaffCommand<I, O>(
  deps: AppDeps,
  auth: AuthContext,
  useCase: StaffUseCase<I, O>,
  input: I,
): Promise<O> {
  const mails: string[] = [];
  let result: O;
  try {
    result = await runTransaction(deps, auth, (ctx) =>
      useCase({ ...ctx, deps, mailAfterCommit: (id) => void mails.push(id) }, input),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) {
      throw conflict('email_taken', 'This e-mail address already belongs to an account', 'email');
    }
    throw err;
  }
  for (const id of mails) await deps.mailer.flush(id);
  return result;
}

/** Makes a staff member's allowed centres exactly `centerIds` (already checked). */
export async function replaceCenters(
  ctx: UseCaseContext,
  { userId, centerIds }: { userId: string; centerIds: string[] },
) {
  await ctx.db.delete(userCenters, eq(userCenters.userId, userId));
  if (centerIds.length > 0)
    await ctx.db.insert(
      userCenters,
      centerIds.map((centerId) => ({ userId, centerId })),
    );
}
