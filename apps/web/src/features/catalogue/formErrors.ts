import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../shared/api/errorMessages';
import { onFieldsOf, placeFieldErrors } from '../../shared/api/formErrors';
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
  const message = (code: string) => fieldErrorMessage(t, code, `catalogue:errors.${code}`);
  return placeFieldErrors(form, error, t, onFieldsOf(fields), message).placed > 0;
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
