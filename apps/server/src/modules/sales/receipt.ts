/**
 * `GET /invoices/:id/pdf`: reads what an invoice PDF prints (the invoice as `getInvoice` gives it,
 * scoped the same way; the organisation and centre details; the payment) and hands it to the
 * pure builder in `invoice-pdf.ts`.
 */
import type { Language } from '@gym/contract/constants';
import { MONEY_INPUT_DEFAULTS } from '@gym/contract/constants';
import { type CurrencyCode, minorUnitExponent } from '@gym/contract/currency';
import type { InvoicePdfQuery } from '@gym/contract/sales';
import { eq } from 'drizzle-orm';
import { centers, members, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import { cjkFontBytes } from '../../lib/pdf-font.ts';
import { readSystemConfig } from '../../lib/settings.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { buildInvoicePdf } from './invoice-pdf.ts';
import { getInvoice } from './queries.ts';
import { receiptLabels } from './receipt-labels.ts';

export async function invoicePdf(
  ctx: QueryContext<Pick<AuthContext, 'organisationId' | 'centerIds'> & { userId?: string | null }>,
  { id, ...query }: InvoicePdfQuery & { id: string },
): Promise<{ number: string; bytes: Uint8Array }> {
  const { db, auth } = ctx;
  const invoice = await getInvoice(ctx, { id });
  const payment = query.paymentId
    ? invoice.payments.find((p) => p.id === query.paymentId)
    : (invoice.payments[invoice.payments.length - 1] ?? null);
  if (payment === undefined) throw notFound('payment');
  const [config, [centre], [me], [member]] = await Promise.all([
    readSystemConfig(
      db.unscoped('the organisation’s own row, read by the caller’s organisation id'),
      auth.organisationId,
    ),
    db
      .select({
        name: centers.name,
        code: centers.code,
        address: centers.address,
        phone: centers.phone,
        email: centers.email,
      })
      .from(centers)
      .where(eq(centers.id, invoice.center.id)),
    // The staff member's own language; a member's receipt (no user) is in the language asked for.
    auth.userId ? db.select({ language: users.language }).from(users).where(eq(users.id, auth.userId)) : [],
    db.select({ chineseName: members.chineseName }).from(members).where(eq(members.id, invoice.member.id)),
  ]);
  // A member's Chinese name is printed beside the Latin one, as the member file shows it.
  const memberName = member?.chineseName ? `${invoice.member.name} ${member.chineseName}` : invoice.member.name;
  const language: Language | string = query.lang ?? me?.language ?? config.defaultLanguage;
  const bytes = await buildInvoicePdf(
    {
      invoice: { ...invoice, member: { ...invoice.member, name: memberName } },
      organisation: { name: config.organisationName },
      centre: centre!,
      // Amounts in the currency the invoice was issued in, named by its ISO code (`HKD 1,800.00`): never
      // the organisation's symbol of today, which may since have changed and which `$` or `¥` would leave
      // ambiguous.
      money: {
        symbol: `${invoice.currencyCode} `,
        exponent: minorUnitExponent(invoice.currencyCode as CurrencyCode) ?? 2,
        decimal: MONEY_INPUT_DEFAULTS.decimal,
        thousands: MONEY_INPUT_DEFAULTS.thousands,
      },
      payment,
      methodNames: Object.fromEntries(config.paymentMethods.map((m) => [m.code, m.name])),
    },
    { layout: query.layout, labels: receiptLabels(language), unicodeFont: cjkFontBytes() },
  );
  return { number: invoice.number, bytes };
}
