import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from './client';
import { errorCodeText, fieldErrorMessage } from './errorMessages';

/** A field of a form: its name, or its path in a list (`['rows', 2, 'amount']`). */
export type FieldName = string | (string | number)[];

/**
 * Where a field error goes on a form whose fields are `fields`: the last part of its path that
 * names one (`recurrence.until` → `until`, `centerIds.0` → `centerIds`), or nowhere (null).
 */
export const onFieldsOf =
  (fields: readonly string[]) =>
  (path: string): string | null =>
    [...path.split('.')].reverse().find((part) => fields.includes(part)) ?? null;

/**
 * Puts each field error of a 400 beside the field `place(path)` names, in the screen's words
 * (`message`, default the shared ones), and focuses the first one placed. Answers how many errors
 * were placed and the messages of those the form has no place for.
 */
export function placeFieldErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  place: (path: string) => FieldName | null,
  message: (code: string) => string = (code) => fieldErrorMessage(t, code),
): { placed: number; rest: string[] } {
  const { marked, rest } = markFields(form, error, place, message);
  const first = marked[0];
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
  return { placed: marked.length, rest };
}

function markFields(
  form: FormInstance,
  error: unknown,
  place: (path: string) => FieldName | null,
  message: (code: string) => string,
) {
  const marked = new Map<string, { name: FieldName; errors: string[] }>();
  const rest: string[] = [];
  for (const field of isApiError(error) ? (error.fields ?? []) : []) {
    const name = place(field.path);
    if (name === null) {
      rest.push(message(field.code));
      continue;
    }
    const key = JSON.stringify(name);
    marked.set(key, { name, errors: [...(marked.get(key)?.errors ?? []), message(field.code)] });
  }
  if (marked.size > 0) form.setFields([...marked.values()]);
  return { marked: [...marked.values()], rest };
}

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
    const text = t(`errors:field.${error.error}`, { defaultValue: errorCodeText(t, error.error) });
    form.setFields([{ name: field, errors: [text] }]);
    focusFirstError(form);
    return true;
  }
  // The last part of the path names the field (`payment.amountMinor` → `amountMinor`).
  const last = (path: string) => path.split('.').pop() ?? path;
  const { marked } = markFields(
    form,
    error,
    (path) => (fields.includes(last(path)) ? last(path) : null),
    (code) => fieldErrorMessage(t, code),
  );
  if (marked.length === 0) return false;
  focusFirstError(form);
  return true;
}

function focusFirstError(form: FormInstance): void {
  const first = form.getFieldsError().find((f) => f.errors.length > 0);
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
}
