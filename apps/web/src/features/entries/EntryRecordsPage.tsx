import './entries.css';
import { ENTRY_DENIAL_REASONS, ENTRY_RESULTS } from '@gym/contract/entries';
import { Badge, Button, Select, Space, Tooltip } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import {
  BoundedDateRange,
  CenterFilterSelect,
  centerCodeColumns,
  centerOrAll,
  isDay,
  useCenterFilter,
} from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { type Entry, useEntryEvents, useEntryList, useEntryLive } from './api';
import { EntryAvatar, EntryMember, EntryOutcome, LetInButton, OverrideInfo, useEntryTime } from './EntryParts';
import { listShowsEntry } from './liveFeed';
import { OverrideDialog } from './OverrideDialog';
import { useOverrideParam } from './useOverrideParam';

const SORTS = ['-at', 'at'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'center' | 'from' | 'to' | 'result' | 'reason';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: '-at',
  defaultPageSize: 50,
  filters: {
    center: centerOrAll,
    from: isDay,
    to: isDay,
    result: ENTRY_RESULTS,
    reason: ENTRY_DENIAL_REASONS,
  },
};
/** A burst of taps fetches the list once. */
const REFRESH_AFTER_MS = 400;

/** `/entry-records`: every tap at the door, today's live by default, with filters, export and "Let in". */
export default function EntryRecordsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const time = useEntryTime();
  const { filters } = list;

  const { currentCenterId, centerFilter, shownCenterId, today } = useCenterFilter(filters.center);
  // Without dates in the URL: the centre's business date (never the device's).
  const from = filters.from ?? filters.to ?? today;
  const to = filters.to ?? (filters.from && filters.from > today ? filters.from : today);
  const live = from <= today && today <= to;

  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    ...(shownCenterId ? { centerId: shownCenterId } : {}),
    from,
    to,
    ...(filters.result ? { result: filters.result } : {}),
    ...(filters.reason ? { reason: filters.reason } : {}),
  };
  const entries = useEntryList({ ...apiFilters, page: list.page, pageSize: list.pageSize });

  // New taps of the tab's centre appear while the list holds today.
  const refetch = entries.refetch;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onEntry = useCallback(
    (entry: Entry) => {
      if (!listShowsEntry({ centerId: shownCenterId, from, to }, entry.center.id, entry.businessDate)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void refetch(), REFRESH_AFTER_MS);
    },
    [shownCenterId, from, to, refetch],
  );
  useEntryEvents(currentCenterId, onEntry);

  const canLetIn = ability.can('create', 'EntryOverride');
  const liveCache = useEntryLive(currentCenterId, false);
  const [override, setOverride, closeOverride] = useOverrideParam(canLetIn, (id) =>
    [...(entries.data?.items ?? []), ...(liveCache.data?.last ?? [])].find((e) => e.id === id),
  );

  const columns: ListColumn<Entry>[] = [
    {
      key: 'at',
      title: t('entries:fields.time'),
      sortable: true,
      render: (_: unknown, e: Entry) => (
        <span className="entry-time" data-testid="entry-time">
          {time(e.at, e.center.id, from !== to)}
        </span>
      ),
    },
    {
      key: 'member',
      title: t('entries:fields.member'),
      render: (_: unknown, e: Entry) => (
        <span className="entry-who">
          <EntryAvatar entry={e} size={32} />
          <EntryMember entry={e} />
        </span>
      ),
    },
    // Result and reason in one column: a tablet in portrait keeps every essential without scrolling.
    {
      key: 'result',
      title: t('entries:fields.result'),
      render: (_: unknown, e: Entry) => <EntryOutcome entry={e} />,
    },
    ...(canLetIn
      ? [
          {
            key: 'actions',
            title: t('entries:fields.actions'),
            detailTitle: t('entries:fields.actions'),
            render: (_: unknown, e: Entry) => <LetInButton entry={e} onClick={() => setOverride(e.id)} named />,
          },
        ]
      : []),
    {
      key: 'card',
      title: t('entries:fields.card'),
      show: 'desktop',
      render: (_: unknown, e: Entry) => <span className="mono">{e.card ?? '—'}</span>,
    },
    {
      key: 'override',
      title: t('entries:fields.override'),
      show: 'desktop',
      render: (_: unknown, e: Entry) => <OverrideInfo entry={e} />,
    },
    {
      key: 'reader',
      title: t('entries:fields.reader'),
      show: 'desktop',
      render: (_: unknown, e: Entry) => e.reader?.name ?? t(`entries:sources.${e.source}`),
    },
    ...centerCodeColumns<Entry>(centerFilter, t('entries:fields.center'), 'desktop'),
  ];

  return (
    <div className="screen" data-testid="screen-entry-records">
      <ListTable<Entry, Sort, Filter>
        list={list}
        result={entries}
        columns={columns}
        testId="entry-table"
        rowClassName={(row) => `entry-row entry-row--${row.result}`}
        texts={{
          empty: live ? t('entries:emptyToday') : t('entries:empty'),
          noMatch: t('entries:noMatch'),
          total: (count) => t('entries:total', { count }),
        }}
        search={{
          id: 'entry-keyword',
          label: t('entries:searchLabel'),
          placeholder: t('entries:searchPlaceholder'),
          pageFocus: true,
        }}
        exportTo={{ path: '/pro/entries/export', fileName: 'entries', query: apiFilters }}
        filters={
          <CenterFilterSelect
            label={t('entries:fields.center')}
            allLabel={t('entries:allCenters')}
            value={centerFilter}
            onChange={(value) => list.setFilter('center', value)}
          />
        }
        filterRow={
          <Space wrap className="entry-filters">
            <BoundedDateRange
              label={t('entries:filters.dates')}
              from={from}
              to={to}
              onChange={(start, end) => list.update({ filters: { from: start, to: end } })}
            />
            {(filters.from || filters.to) && (
              <Button onClick={() => list.update({ filters: { from: null, to: null } })} data-testid="filter-today">
                {t('entries:filters.today')}
              </Button>
            )}
            <Select
              allowClear
              popupMatchSelectWidth={false}
              style={{ minWidth: 130 }}
              placeholder={t('entries:filters.result')}
              aria-label={t('entries:filters.result')}
              value={filters.result ?? null}
              onChange={(value: string | null | undefined) => list.setFilter('result', value ?? null)}
              options={ENTRY_RESULTS.map((r) => ({ value: r, label: t(`entries:results.${r}`) }))}
              data-testid="filter-result"
            />
            <Select
              allowClear
              popupMatchSelectWidth={false}
              style={{ minWidth: 170 }}
              placeholder={t('entries:filters.reason')}
              aria-label={t('entries:filters.reason')}
              value={filters.reason ?? null}
              onChange={(value: string | null | undefined) => list.setFilter('reason', value ?? null)}
              options={ENTRY_DENIAL_REASONS.map((r) => ({ value: r, label: t(`entries:reasons.${r}`) }))}
              data-testid="filter-reason"
            />
            {live && (
              <Tooltip title={t('entries:liveHint')}>
                <Badge status="processing" text={t('entries:live')} data-testid="entry-live" />
              </Tooltip>
            )}
          </Space>
        }
      />
      <OverrideDialog target={override} onClose={closeOverride} />
    </div>
  );
}
