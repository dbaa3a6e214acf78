import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllCenters } from '../../../shared/centers';
import type { ListParams } from '../../../shared/useListParams';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALL = 'all';

/** Active / inactive / both (both is the default and stays out of the address). */
export function StatusFilter<S extends string, F extends string>({ list }: { list: ListParams<S, F | 'status'> }) {
  const { t } = useTranslation();
  return (
    <Select
      className="list-toolbar__filter"
      aria-label={t('catalogue:status.label')}
      value={list.filters.status ?? ALL}
      popupMatchSelectWidth={false}
      onChange={(value: string) => list.setFilter('status', value === ALL ? null : value)}
      options={[
        { value: ALL, label: t('catalogue:status.all') },
        { value: 'active', label: t('catalogue:status.activeOnly') },
        { value: 'inactive', label: t('catalogue:status.inactiveOnly') },
      ]}
      data-testid="filter-status"
    />
  );
}

/** Items sold at one centre, or at any. */
export function CenterFilter<S extends string, F extends string>({ list }: { list: ListParams<S, F | 'centerId'> }) {
  const { t } = useTranslation();
  const centers = useAllCenters();
  return (
    <Select
      className="list-toolbar__filter"
      aria-label={t('catalogue:fields.center')}
      value={list.filters.centerId ?? ALL}
      loading={centers.isPending}
      popupMatchSelectWidth={false}
      onChange={(value: string) => list.setFilter('centerId', value === ALL ? null : value)}
      options={[
        { value: ALL, label: t('catalogue:anyCenter') },
        ...(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` })),
      ]}
      data-testid="filter-center"
    />
  );
}
