/**
 * What the public payment pages show, found by the random id in their address (the one read made
 * before the organisation is known): a pay link (`/pay_link/{token}/`), the member's lines owed up to
 * a day (`/payment/{student_uuid}/{date}/`), one invoice's open balance
 * (`/transaction-payment/{transaction_uuid}/`). In the member's language, with the centre's name,
 * whom to contact, and the currency.
 */
import { LANGUAGES, type Language } from '@gym/contract/constants';
import { sum } from '@gym/contract/money';
import type { PublicOwed, PublicPayLink, PublicTransaction } from '@gym/contract/payments';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  centers,
  invoiceLines,
  invoicePaymentIds,
  invoices,
  memberPaymentIds,
  members,
  organisations,
  payLinks,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { configOf } from '../../lib/settings.ts';
import { type TenantDb, tenantDb } from '../../lib/tenant-db.ts';
import { owedUpTo } from './owed.ts';
import { owedOnLink, type PayLinkRow, paidThroughLink, payLinkAmount, payLinkState } from './pay-link-state.ts';

/** The organisation's scoped database for the system acting on a public page. */
const pageDb = (deps: AppDeps, organisationId: string) =>
  tenantDb(deps.database.db, { organisationId, centerIds: null });

export async function payLinkByToken(deps: AppDeps, token: string): Promise<PayLinkRow> {
  const [link] = await deps.database.db.select().from(payLinks).where(eq(payLinks.token, token));
  if (!link) throw notFound('pay link');
  return link;
}

export async function memberByPaymentId(deps: AppDeps, publicId: string) {
  const [row] = await deps.database.db.select().from(memberPaymentIds).where(eq(memberPaymentIds.publicId, publicId));
  if (!row) throw notFound('payment page');
  return row;
}

export async function invoiceByPaymentId(deps: AppDeps, publicId: string) {
  const [row] = await deps.database.db.select().from(invoicePaymentIds).where(eq(invoicePaymentIds.publicId, publicId));
  if (!row) throw notFound('payment page');
  return row;
}

/** The organisation, centre and member a public page names, and the member's language. */
async function place(db: TenantDb, { centerId, memberId }: { centerId: string; memberId: string }) {
  const [row] = await db
    .select({ organisation: organisations, center: centers, member: members })
    .from(centers)
    .innerJoin(organisations, eq(organisations.id, centers.organisationId))
    .innerJoin(members, eq(members.id, memberId))
    .where(eq(centers.id, centerId));
  if (!row) throw notFound('payment page');
  const config = configOf(row.organisation);
  const language: Language = (LANGUAGES as readonly string[]).includes(row.member.language)
    ? (row.member.language as Language)
    : config.defaultLanguage;
  return {
    header: {
      organisationName: config.organisationName,
      centerName: row.center.name,
      centerPhone: row.center.phone,
      centerEmail: row.center.email,
      language,
      currency: config.currencyCode,
    },
    member: row.member,
  };
}

export async function publicPayLink(deps: AppDeps, token: string): Promise<PublicPayLink> {
  const link = await payLinkByToken(deps, token);
  const db = pageDb(deps, link.organisationId);
  const { invoice, owed, dueOn } = await owedOnLink(db, link);
  const { header, member } = await place(db, link);
  return {
    ...header,
    currency: invoice.currencyCode,
    state: payLinkState(link, deps.clock.now(), owed),
    amount: payLinkAmount(link, owed, await paidThroughLink(db, link)),
    description: link.description,
    memberFirstName: member.firstName,
    invoiceNumber: invoice.number,
    dueOn,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** What each invoice is for, in a few words: its lines' descriptions. */
async function invoiceWords(db: TenantDb, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, string>();
  const lines = await db
    .select({ invoiceId: invoiceLines.invoiceId, description: invoiceLines.description })
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.lineNo));
  const words = new Map<string, string>();
  for (const l of lines)
    words.set(l.invoiceId, [words.get(l.invoiceId), l.description].filter(Boolean).join(', ').slice(0, 200));
  return words;
}

export async function publicOwed(
  deps: AppDeps,
  { studentUuid, date }: { studentUuid: string; date: string },
): Promise<PublicOwed> {
  const page = await memberByPaymentId(deps, studentUuid);
  const db = pageDb(deps, page.organisationId);
  const [member] = await db.select().from(members).where(eq(members.id, page.memberId));
  const { header } = await place(db, { centerId: member!.homeCenterId, memberId: member!.id });
  const owed = await owedUpTo(db, { memberId: member!.id, day: date });
  const words = await invoiceWords(db, [...new Set(owed.map((o) => o.invoiceId))]);
  return {
    ...header,
    memberFirstName: member!.firstName,
    date,
    lines: owed.map((o) => ({
      key: o.key,
      invoiceNumber: o.invoiceNumber,
      description: words.get(o.invoiceId) ?? o.invoiceNumber,
      dueOn: o.dueOn,
      amount: o.amountMinor,
    })),
    total: sum(owed.map((o) => o.amountMinor)),
  };
}

export async function publicTransaction(deps: AppDeps, transactionUuid: string): Promise<PublicTransaction> {
  const page = await invoiceByPaymentId(deps, transactionUuid);
  const db = pageDb(deps, page.organisationId);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, page.invoiceId));
  const { header, member } = await place(db, invoice!);
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice!.id))
    .orderBy(asc(invoiceLines.lineNo));
  return {
    ...header,
    currency: invoice!.currencyCode,
    memberFirstName: member.firstName,
    invoiceNumber: invoice!.number,
    issuedOn: invoice!.issuedOn,
    total: invoice!.totalMinor,
    paid: invoice!.paidMinor,
    balance: invoice!.voidedAt ? 0 : invoice!.totalMinor - invoice!.refundedMinor - invoice!.paidMinor,
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, total: l.totalMinor })),
  };
}
