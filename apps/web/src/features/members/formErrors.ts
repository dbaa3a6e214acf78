import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/client';
import { fieldErrorMessage } from '../../shared/api/errorMessages';
import { formNameOf } from './memberForm';

/**
 * Puts the server's field errors of a member save beside their fields (nested ones such as
 * `guardian.phone` included). A duplicate phone or e-mail is said in the form's own words; the
 * warning above the form lists who. Returns true when a field was marked.
 */
export function applyMemberFieldErrors(form: FormInstance, error: unknown, t: TFunction): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const marked = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const field of error.fields) {
    const name = formNameOf(field.path);
    if (!name) continue;
    const message =
      field.code === 'duplicate_member'
        ? t(field.path === 'email' ? 'members:duplicates.fieldEmail' : 'members:duplicates.fieldPhone')
        : fieldErrorMessage(t, field.code);
    const key = name.join('.');
    const entry = marked.get(key) ?? { name, errors: [] };
    entry.errors.push(message);
    marked.set(key, entry);
  }
  form.setFields([...marked.values()]);
  // A duplicate is explained by the warning beside the save button, where the user already is.
  const first = error.fields.some((f) => f.code !== 'duplicate_member') ? [...marked.values()][0] : undefined;
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
  return marked.size > 0;
}
