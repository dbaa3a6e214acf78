import { signingCertificateUploadSchema } from '@gym/contract/signatures';
import type { TFunction } from 'i18next';
import { fieldErrorMessage } from '../../shared/api/errorMessages';

/** The longest PKCS#12 the server takes, in base64 characters (about 150 kB of file). */
export const P12_MAX_BASE64 = signingCertificateUploadSchema.shape.p12.maxLength ?? 200_000;

/**
 * The words for a refusal of the certificate's upload beside its field: a file that does not open
 * (not a PKCS#12, or the wrong password), one without its key, or one too large; others as shared.
 */
export function certificateFieldMessage(t: TFunction, code: string): string {
  return fieldErrorMessage(t, code, `signatures:certificate.errors.${code}`);
}
