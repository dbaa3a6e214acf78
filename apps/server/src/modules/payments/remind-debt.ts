import { LANGUAGES, type Language } from '@gym/contract/constants';
import { formatMemberName } from '@gym/contract/names';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { centers, members, payLinks, paymentReminders } from '../../db/schema/index.ts';
import { moneyText } from '../../lib/money-text.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { createPayLink } from './create-pay-link.ts';
import { INVOICE_WORD, untilText } from './email-pay-link.ts';
import { owedOnLink } from './pay-link-state.ts';
import { REMINDER_MAIL } from './reminder-mail.ts';
import type { Debt } from './send-reminders.ts';

/** A link kept for reuse must stay valid at least this long after the reminder that carries it. */
const LINK_KEPT_MS = 86_400_000;

/**
 * One reminder, in one transaction: the debt still open, its row written first (a second server's
 * sweep finds it taken and sends nothing), the offsets passed over recorded as skipped, then the
 * pay link (a still valid open link for the same debt, else a new one) and the e-mail queued.
 */
export async function remindDebt(
  ctx: ActorContext,
  { debt, latest, passed, publicUrl }: { debt: Debt; latest: number; passed: number[]; publicUrl: string },
): Promise<'sent' | 'no_email' | 'settled' | 'taken'> {
  const { invoice, owed } = await owedOnLink(ctx.db, debt);
  if (owed <= 0) return 'settled';
  const now = ctx.clock.now();
  const row = {
    centerId: debt.centerId,
    memberId: debt.memberId,
    invoiceId: debt.invoiceId,
    installmentId: debt.installmentId,
    debtId: debt.debtId,
    dueOn: debt.dueOn,
    amountMinor: owed,
    currencyCode: invoice.currencyCode,
    at: now,
  };
  const [mine] = await ctx.db.wholeOrganisation
    .insert(paymentReminders)
    .values({ ...row, organisationId: ctx.auth.organisationId, offsetDays: latest, outcome: 'sent' })
    .onConflictDoNothing()
    .returning({ id: paymentReminders.id });
  if (!mine) return 'taken';
  if (passed.length > 0) {
    await ctx.db.wholeOrganisation
      .insert(paymentReminders)
      .values(
        passed.map((o) => ({ ...row, organisationId: ctx.auth.organisationId, offsetDays: o, outcome: 'skipped' })),
      )
      .onConflictDoNothing();
  }
  const [found] = await ctx.db.wholeOrganisation
    .select({ member: members, centre: centers })
    .from(members)
    .innerJoin(centers, eq(centers.id, debt.centerId))
    .where(eq(members.id, debt.memberId));
  const member = found!.member;
  const to = member.email?.trim();
  if (!to) {
    await ctx.db.wholeOrganisation.update(paymentReminders, { outcome: 'no_email' }, eq(paymentReminders.id, mine.id));
    return 'no_email';
  }
  const link =
    (await reusableLink(ctx, debt, now)) ??
    (await createPayLink(
      ctx,
      debt.installmentId ? { installmentId: debt.installmentId } : { invoiceId: debt.invoiceId },
    ));
  const config = await readSystemConfig(
    ctx.db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
    ctx.auth.organisationId,
  );
  const language: Language = (LANGUAGES as readonly string[]).includes(member.language)
    ? (member.language as Language)
    : config.defaultLanguage;
  const words = REMINDER_MAIL[language];
  const centre = found!.centre.name;
  const late = latest > 0;
  await ctx.mail({
    organisationId: ctx.auth.organisationId,
    to,
    subject: words.subject(centre, late),
    text: words.body({
      name: member.firstName || formatMemberName(member),
      centre,
      what: INVOICE_WORD[language](invoice.number),
      amount: moneyText(owed, invoice.currencyCode),
      due: debt.dueOn,
      late,
      until: untilText(link.expiresAt, found!.centre.timeZone),
      link: `${publicUrl}/pay_link/${link.token}/`,
    }),
  });
  await ctx.db.wholeOrganisation.update(
    paymentReminders,
    { payLinkId: link.id, sentTo: to },
    eq(paymentReminders.id, mine.id),
  );
  return 'sent';
}

/** An open link for exactly this debt (its open amount, not a fixed one) still valid a day after now. */
async function reusableLink(ctx: ActorContext, debt: Debt, now: Date) {
  const [link] = await ctx.db.wholeOrganisation
    .select()
    .from(payLinks)
    .where(
      and(
        eq(payLinks.invoiceId, debt.invoiceId),
        debt.installmentId ? eq(payLinks.installmentId, debt.installmentId) : eq(payLinks.kind, 'balance'),
        isNull(payLinks.revokedAt),
        isNull(payLinks.paidAt),
        isNull(payLinks.amountMinor),
        gt(payLinks.expiresAt, new Date(now.getTime() + LINK_KEPT_MS)),
      ),
    )
    .orderBy(sql`${payLinks.expiresAt} desc`)
    .limit(1);
  return link;
}
