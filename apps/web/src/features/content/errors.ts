import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, fieldErrorMessage } from '../../shared/api/errorMessages';

/** The content screens' words for a refusal's field code (the shared words otherwise). */
export const contentFieldMessage = (t: TFunction) => (code: string) =>
  t(`content:errors.${code}`, { defaultValue: fieldErrorMessage(t, code) });

/** Why an upload was refused, in words: the field's reason, a 413 as "larger than 10 MB", else the code's words. */
export function uploadErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const code = error.fields?.[0]?.code ?? (error.status === 413 ? 'file_too_large' : null);
    if (code) return contentFieldMessage(t)(code);
  }
  return apiErrorMessage(t, error);
}
