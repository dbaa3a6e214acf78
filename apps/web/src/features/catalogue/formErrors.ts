import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { fieldErrorMessage } from '../../shared/api/errorMessages';
import { useDrawerSave } from '../../shared/ui/EntityDrawer';

/**
 * Puts the server's field errors beside this form's fields, in the catalogue's words where it has
 * its own rule (`centers_required`, `freeze_days_without_freezes`, ...), else the shared ones.
 * Answers false when no field of the form was named (the caller then shows the error for the form).
 */
export function showCatalogueErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  fields: readonly string[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const marked = new Map<string, string[]>();
  for (const field of error.fields) {
    const name = field.path.split('.')[0] ?? field.path;
    if (!fields.includes(name)) continue;
    const message = t(`catalogue:errors.${field.code}`, { defaultValue: fieldErrorMessage(t, field.code) });
    marked.set(name, [...(marked.get(name) ?? []), message]);
  }
  if (marked.size === 0) return false;
  form.setFields([...marked].map(([name, errors]) => ({ name, errors })));
  const first = [...marked.keys()][0]!;
  form.scrollToField(first, { block: 'center', focus: true });
  return true;
}

/** A catalogue drawer's save: "Saved" and close, or the refusal beside its fields. */
export function useCatalogueSave(form: FormInstance, fields: readonly string[], onClose: () => void) {
  const { t } = useTranslation();
  return useDrawerSave({
    saved: t('catalogue:saved'),
    onClose,
    showOnFields: (error) => showCatalogueErrors(form, error, t, fields),
  });
}
