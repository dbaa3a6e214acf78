/**
 * What the centre and room lists share beside the list kit: their own words for an item's state,
 * and the filter that shows the inactive ones too.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CheckboxFilter } from '../../../shared/ui/ListFilters';
import { StatusTag } from '../../../shared/ui/StatusTag';
import type { ListParams } from '../../../shared/useListParams';

/** The active / inactive column that the centre, room and reader lists share. */
export function activeColumn(t: TFunction) {
  return {
    key: 'active',
    title: t('centers:status.label'),
    dataIndex: 'active',
    width: 110,
    render: (active: boolean) =>
      active ? (
        <StatusTag tone="success">{t('centers:status.active')}</StatusTag>
      ) : (
        <StatusTag tone="neutral">{t('centers:status.inactive')}</StatusTag>
      ),
  };
}

/** Inactive items are left out unless this is ticked (`includeInactive=true`). */
export function IncludeInactiveFilter<S extends string, F extends string>({
  list,
}: {
  list: ListParams<S, F | 'includeInactive'>;
}) {
  const { t } = useTranslation();
  return (
    <CheckboxFilter
      list={list}
      filter="includeInactive"
      label={t('centers:includeInactive')}
      testId="filter-include-inactive"
    />
  );
}
