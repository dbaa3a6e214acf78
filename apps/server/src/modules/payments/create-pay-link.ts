import { randomBytes } from 'node:crypto';
import { minor } from '@gym/contract/money';
import { PAY_LINK_DEFAULT_DAYS, PAY_LINK_MAX_DAYS, type PayLinkCreate } from '@gym/contract/payments';
import { eq } from 'drizzle-orm';
import { installments, invoices, payLinks } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ActorContext } from '../../lib/use-case.ts';
import { owedOnLink, type PayLinkRow } from './pay-link-state.ts';

const DAY_MS = 86_400_000;

const invalid = (path: string, code: string, message: string) =>
  new AppError(400, 'validation_failed', message, [{ path, code, message }]);
const rule = (path: string, code: string, message: string) =>
  new AppError(422, 'business_rule', message, [{ path, code, message }]);

/**
 * Staff make a pay link: for an invoice's open balance (`invoiceId`), one installment's open part
 * (`installmentId`), or a fixed amount of the invoice's balance with a description (`invoiceId`,
 * `amount`, `description`). It expires after 7 days unless staff say (at most 90). Its token is 192
 * random bits, its only public name; nothing is asked of the provider until the member pays.
 */
export async function createPayLink(ctx: ActorContext, input: PayLinkCreate): Promise<PayLinkRow> {
  if (!input.invoiceId && !input.installmentId) {
    throw invalid('invoiceId', 'pay_link_target_required', 'Name the invoice or the installment to be paid');
  }
  if (input.installmentId && input.amount !== undefined) {
    throw invalid('amount', 'installment_no_amount', 'An installment is paid for what is open on it');
  }
  if (input.amount !== undefined && !input.description) {
    throw invalid('description', 'description_required', 'Say what this amount is for');
  }
  const now = ctx.clock.now();
  const expiresAt = input.expiresAt
    ? new Date(input.expiresAt)
    : new Date(now.getTime() + PAY_LINK_DEFAULT_DAYS * DAY_MS);
  if (expiresAt <= now) throw invalid('expiresAt', 'expiry_in_past', 'The expiry must be in the future');
  if (expiresAt.getTime() > now.getTime() + PAY_LINK_MAX_DAYS * DAY_MS) {
    throw invalid('expiresAt', 'expiry_too_far', `A pay link is valid for at most ${PAY_LINK_MAX_DAYS} days`);
  }
  const installment = input.installmentId
    ? await ctx.db.first(installments, eq(installments.id, input.installmentId))
    : undefined;
  if (input.installmentId && (!installment || (input.invoiceId && installment.invoiceId !== input.invoiceId))) {
    throw rule('installmentId', 'installment_unknown', 'Not an installment of this invoice');
  }
  const invoiceId = installment?.invoiceId ?? input.invoiceId!;
  // The caller's centres only: a link for an invoice they may not see does not exist for them.
  const invoice = await ctx.db.first(invoices, eq(invoices.id, invoiceId));
  if (!invoice) throw notFound('invoice');
  if (invoice.voidedAt) throw rule('invoiceId', 'invoice_void', 'This invoice is void');
  const draft = {
    centerId: invoice.centerId,
    memberId: invoice.memberId,
    invoiceId: invoice.id,
    installmentId: installment?.id ?? null,
    kind: installment ? 'installment' : input.amount !== undefined ? 'amount' : 'balance',
    amountMinor: input.amount ?? null,
    description: input.description ?? null,
    token: randomBytes(24).toString('base64url'),
    expiresAt,
    createdBy: ctx.auth.userId,
    createdAt: now,
  } as const;
  const { owed } = await owedOnLink(ctx.db, draft);
  if (owed <= 0)
    throw rule(installment ? 'installmentId' : 'invoiceId', 'invoice_settled', 'Nothing is left to pay on it');
  if (input.amount !== undefined && input.amount > owed) {
    throw new AppError(
      422,
      'business_rule',
      'The amount is more than the balance',
      [{ path: 'amount', code: 'amount_over_balance', message: 'The amount is more than the balance' }],
      undefined,
      { balanceMinor: minor(owed) },
    );
  }
  const [link] = await ctx.db.insert(payLinks, draft);
  return link!;
}
