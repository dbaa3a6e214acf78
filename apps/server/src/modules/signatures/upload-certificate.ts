import type { signingCertificateUploadSchema } from '@gym/contract/signatures';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { UseCaseContext } from '../../lib/use-case.ts';
import type { Vault } from '../../lib/vault.ts';
import { storeCertificate } from './seal.ts';

/** The organisation seals its documents with its own certificate from now on (a PKCS#12 and its passphrase). */
export async function uploadCertificate(
  ctx: UseCaseContext,
  input: z.infer<typeof signingCertificateUploadSchema> & { vault: Vault },
) {
  const p12 = Buffer.from(input.p12, 'base64');
  const row = await storeCertificate(ctx.db, input.vault, 'uploaded', { p12, passphrase: input.passphrase });
  await recordAudit(ctx, {
    action: 'signing_certificate.uploaded',
    entityType: 'signing_certificate',
    entityId: row.id,
    summary: `Sealing certificate uploaded (${row.subject})`,
    after: { subject: row.subject, fingerprint: row.fingerprint },
  });
  return row;
}
