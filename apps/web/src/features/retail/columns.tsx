/**
 * The retail screens' words on the shared list kit: the state filter (`active=true|false` in the
 * address), switching an item on or off (at once, no question), and the drawers' save.
 */
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useToggleActive } from '../../shared/ui/confirm';
import { useDrawerSave } from '../../shared/ui/EntityDrawer';
import { StatusFilter } from '../../shared/ui/ListFilters';
import type { ListParams } from '../../shared/useListParams';
import { showServerErrors } from './forms';

/** All / active / inactive, kept in the URL (`active=true|false`). */
export function ActiveFilter<S extends string, F extends string>({ list }: { list: ListParams<S, F | 'active'> }) {
  const { t } = useTranslation();
  return (
    <StatusFilter
      list={list}
      filter="active"
      values={{ active: 'true', inactive: 'false' }}
      labels={{ any: t('retail:status.all'), active: t('retail:status.active'), inactive: t('retail:status.inactive') }}
      testId="filter-active"
    />
  );
}

/** Activates or deactivates an item at once, and says so. */
export function useRetailToggle<T extends { id: string; active: boolean }>(
  t: TFunction,
  save: { mutateAsync: (input: { id: string; body: { active: boolean } }) => Promise<unknown> },
) {
  return useToggleActive<T>(save, { done: (active) => t(active ? 'retail:activated' : 'retail:deactivated') });
}

/** A retail drawer's save: "Saved" and close, or the refusal beside its fields. */
export function useRetailSave(form: FormInstance, onClose: () => void) {
  const { t } = useTranslation();
  return useDrawerSave({
    saved: t('retail:saved'),
    onClose,
    showOnFields: (error) => showServerErrors(form, error, t) === null,
  });
}
