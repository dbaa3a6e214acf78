import { createHash, randomBytes } from 'node:crypto';
import { minorUnitExponent } from '@gym/contract/currency';
import { formatMoney } from '@gym/contract/money';
import { formatMemberName } from '@gym/contract/names';
import { PAD_DOCUMENT_ACTION, SIGNATURE_LINK_DAYS, type SignatureRequestCreate } from '@gym/contract/signatures';
import { businessDate } from '@gym/contract/time';
import { and, eq, isNull } from 'drizzle-orm';
import {
  agreementTemplates,
  centers,
  invoiceLines,
  invoices,
  members,
  organisations,
  signatureRequests,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFoundAt } from '../../lib/errors.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import { appendSignatureEvent } from './events.ts';
import { fillTemplate, type PlaceholderValues } from './fill.ts';

const DAY_MS = 86_400_000;

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type SignatureRequestRow = typeof signatureRequests.$inferSelect;

/**
 * Staff ask a member to sign a template's current version: by link (the answer's `url`, whose
 * 192-bit token is stored only as its SHA-256 and is valid 7 days) or on a desk's tablet (`padId`:
 * the tablet signed in at the sender's centre under that name hears the document at once). The text is filled from the member, the centre and the
 * sale (`invoiceId`) now and kept as sent. A request still open for the member on the same template
 * is replaced: its link stops working (a resend).
 */
export async function createSignatureRequest(
  ctx: UseCaseContext,
  input: SignatureRequestCreate,
): Promise<{ row: SignatureRequestRow; token: string }> {
  if (input.channel === 'pad' && !input.padId)
    throw new AppError(400, 'validation_failed', 'Name the tablet', [
      { path: 'padId', code: 'required', message: 'Name the tablet' },
    ]);
  const member = await ctx.db.first(members, eq(members.id, input.memberId));
  if (!member) throw notFoundAt('memberId', 'Member');
  // A tablet's request belongs to the centre whose desk holds the tablet (one the sender works at).
  const requestCenterId =
    input.channel === 'pad' && input.centerId ? (await ctx.db.usableCenter(input.centerId)).id : member.homeCenterId;
  const template = await ctx.db.first(agreementTemplates, eq(agreementTemplates.id, input.templateId));
  if (!template) throw notFoundAt('templateId', 'Agreement template');
  if (template.supersededAt)
    throw new AppError(422, 'business_rule', 'A newer version of this template exists', [
      { path: 'templateId', code: 'template_superseded', message: 'A newer version of this template exists' },
    ]);
  const [place] = await ctx.db.wholeOrganisation
    .select({ center: centers, organisation: organisations })
    .from(centers)
    .innerJoin(organisations, eq(organisations.id, centers.organisationId))
    .where(eq(centers.id, member.homeCenterId));
  const now = ctx.clock.now();
  const values: PlaceholderValues = {
    'member.name': formatMemberName(member),
    'member.code': member.code,
    'member.birthday': member.birthday,
    'member.email': member.email,
    'member.phone': member.phone,
    'centre.name': place!.center.name,
    'centre.address': place!.center.address,
    'centre.phone': place!.center.phone,
    'organisation.name': place!.organisation.name,
    today: businessDate(now, place!.center.timeZone),
  };
  if (input.invoiceId) {
    const invoice = await ctx.db.first(
      invoices,
      and(eq(invoices.id, input.invoiceId), eq(invoices.memberId, member.id)),
    );
    if (!invoice) throw notFoundAt('invoiceId', 'Invoice');
    const lines = await ctx.db.wholeOrganisation.rows(invoiceLines, eq(invoiceLines.invoiceId, invoice.id));
    const exponent = minorUnitExponent(invoice.currencyCode as never);
    values['sale.number'] = invoice.number;
    values['sale.total'] = formatMoney(invoice.totalMinor, {
      symbol: `${invoice.currencyCode} `,
      exponent,
      decimal: '.',
      thousands: ',',
    });
    values['sale.items'] = lines
      .map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.description}` : l.description))
      .join(', ');
  }
  // The open requests of this member on this template (any version, any language) are replaced.
  const open = await ctx.db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .innerJoin(agreementTemplates, eq(agreementTemplates.id, signatureRequests.templateId))
    .where(
      ctx.db.where(
        signatureRequests,
        eq(signatureRequests.memberId, member.id),
        eq(agreementTemplates.code, template.code),
        isNull(signatureRequests.usedAt),
        isNull(signatureRequests.revokedAt),
      ),
    )
    .for('update', { of: signatureRequests });
  const token = randomBytes(24).toString('base64url');
  const [row] = await ctx.db.insert(signatureRequests, {
    centerId: requestCenterId,
    memberId: member.id,
    templateId: template.id,
    invoiceId: input.invoiceId ?? null,
    channel: input.channel,
    padId: input.padId ?? null,
    tokenHash: tokenHashOf(token),
    language: template.language,
    title: fillTemplate(template.title, values),
    body: fillTemplate(template.body, values),
    expiresAt: new Date(now.getTime() + SIGNATURE_LINK_DAYS * DAY_MS),
    createdBy: ctx.auth.userId,
    createdAt: now,
  });
  for (const old of open) {
    await ctx.db.update(signatureRequests, { revokedAt: now, replacedBy: row!.id }, eq(signatureRequests.id, old.id));
  }
  await appendSignatureEvent(ctx.db, row!.id, {
    type: 'sent',
    at: now,
    address: ctx.auth.request?.ip ?? null,
    userAgent: ctx.auth.request?.userAgent ?? null,
    detail: { channel: input.channel, ...(input.padId ? { padId: input.padId } : {}), by: ctx.auth.userId },
  });
  if (input.channel === 'pad') {
    ctx.emit({
      type: 'signature.sent_to_pad',
      organisationId: ctx.auth.organisationId,
      centerId: requestCenterId,
      payload: { requestId: row!.id },
      // Only the tablets of that name at that centre hear it, and without the token: a tablet asks
      // for one, signed in (open-on-pad.ts). The outbox keeps no secret either.
      realtime: {
        scope: 'pad',
        centerId: requestCenterId,
        padId: input.padId!,
        message: { action: PAD_DOCUMENT_ACTION, padId: input.padId, requestId: row!.id },
      },
    });
  }
  await recordAudit(ctx, {
    action: 'signature_request.sent',
    entityType: 'signature_request',
    entityId: row!.id,
    centerId: requestCenterId,
    summary: `Agreement ${template.code} sent to sign (${input.channel})`,
    after: { memberId: member.id, templateId: template.id, version: template.version, replaced: open.length },
  });
  return { row: row!, token };
}
