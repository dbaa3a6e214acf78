import { LANGUAGES, type Language } from '@gym/contract/constants';
import { formatMemberName } from '@gym/contract/names';
import type { AgreementKind, PublicSignatureDocument } from '@gym/contract/signatures';
import { businessDate } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PublicContext } from '../../lib/use-case.ts';
import { tokenHashOf } from './create-signature-request.ts';
import { appendSignatureEvent } from './events.ts';
import { facts, isMinor, refuseClosed, type SigningMeta } from './sign-document.ts';

/** The document to read and sign; `opened` is recorded the first time. */
export async function openDocument(ctx: PublicContext, meta: SigningMeta): Promise<PublicSignatureDocument> {
  const [row] = await ctx.db.lock(signatureRequests, eq(signatureRequests.tokenHash, tokenHashOf(meta.token)));
  if (!row) throw notFound('signature request');
  const now = ctx.clock.now();
  refuseClosed(row, now);
  if (!row.openedAt) {
    await ctx.db.update(signatureRequests, { openedAt: now }, eq(signatureRequests.id, row.id));
    await appendSignatureEvent(ctx.db, row.id, {
      type: 'opened',
      at: now,
      address: meta.address,
      userAgent: meta.userAgent,
    });
  }
  const f = await facts(ctx.db, row);
  return {
    organisationName: f.organisation.name,
    centerName: f.center.name,
    language: ((LANGUAGES as readonly string[]).includes(row.language) ? row.language : 'en') as Language,
    kind: f.template.kind as AgreementKind,
    title: row.title,
    body: row.body,
    memberName: formatMemberName(f.member),
    guardianRequired: isMinor(f.member.birthday, businessDate(now, f.center.timeZone)),
    expiresAt: row.expiresAt.toISOString(),
  };
}
