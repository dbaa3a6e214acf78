/** The catalogue's words on the shared filters (`shared/ui/ListFilters`). */
import { useTranslation } from 'react-i18next';
import { CenterFilter as SharedCenterFilter, StatusFilter as SharedStatusFilter } from '../../../shared/ui/ListFilters';
import type { ListParams } from '../../../shared/useListParams';

export { UUID } from '../../../shared/ui/ListFilters';

/** Active / inactive / both (both is the default and stays out of the address). */
export function StatusFilter<S extends string, F extends string>({ list }: { list: ListParams<S, F | 'status'> }) {
  const { t } = useTranslation();
  return (
    <SharedStatusFilter
      list={list}
      filter="status"
      values={{ active: 'active', inactive: 'inactive' }}
      labels={{
        any: t('catalogue:status.all'),
        active: t('catalogue:status.activeOnly'),
        inactive: t('catalogue:status.inactiveOnly'),
      }}
      testId="filter-status"
    />
  );
}

/** Items sold at one centre, or at any. */
export function CenterFilter<S extends string, F extends string>({ list }: { list: ListParams<S, F | 'centerId'> }) {
  const { t } = useTranslation();
  return (
    <SharedCenterFilter
      list={list}
      filter="centerId"
      label={t('catalogue:fields.center')}
      anyLabel={t('catalogue:anyCenter')}
    />
  );
}
