import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/client';
import { applyFieldErrors, fieldErrorMessage } from '../../shared/api/errorMessages';

/**
 * Puts an API error beside the field it is about: the field errors of a 400, or a conflict code
 * (409 `code_taken` belongs to the code field). Returns false when the error concerns no field of
 * this form, so the caller shows it for the whole form.
 */
export function showErrorOnFields(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fields: readonly string[],
  codeToField: Readonly<Record<string, string>> = {},
): boolean {
  if (applyFieldErrors(form, error, t, fields)) {
    focusFirstError(form);
    return true;
  }
  if (!isApiError(error)) return false;
  const field = codeToField[error.error];
  if (!field) return false;
  form.setFields([{ name: field, errors: [fieldErrorMessage(t, error.error)] }]);
  focusFirstError(form);
  return true;
}

function focusFirstError(form: FormInstance): void {
  const first = form.getFieldsError().find((f) => f.errors.length > 0);
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
}
