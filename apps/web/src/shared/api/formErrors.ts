import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from './client';
import { applyFieldErrors } from './errorMessages';

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
  // A conflict code names its field more precisely than a generic field error would.
  const field = isApiError(error) ? codeToField[error.error] : undefined;
  if (isApiError(error) && field) {
    const message = t(`errors:field.${error.error}`, { defaultValue: t(`errors:codes.${error.error}`) });
    form.setFields([{ name: field, errors: [message] }]);
    focusFirstError(form);
    return true;
  }
  if (applyFieldErrors(form, error, t, fields)) {
    focusFirstError(form);
    return true;
  }
  return false;
}

function focusFirstError(form: FormInstance): void {
  const first = form.getFieldsError().find((f) => f.errors.length > 0);
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
}
