import { HOLDER_STATUSES, type HolderStatus } from '@gym/contract/catalogue';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter } from '../../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../../shared/ui/ListTable';
import { StatusTag, type Tone } from '../../../shared/ui/StatusTag';
import { type ListParamsConfig, useListParams } from '../../../shared/useListParams';
import { memberName } from '../../members/format';
import { memberPath } from '../../members/paths';
import { type Holder, useHolders } from '../api';
import { useFormatDay, useFormatLength } from '../format';

const SORTS = ['-sold'] as const;
type Filter = 'status';
const LIST: ListParamsConfig<(typeof SORTS)[number], Filter> = {
  sorts: SORTS,
  defaultSort: '-sold',
  filters: { status: HOLDER_STATUSES },
};

export const HOLDER_TONES: Record<HolderStatus, Tone> = {
  active: 'success',
  pending: 'info',
  frozen: 'accent',
  expired: 'warning',
  used_up: 'neutral',
  transferred: 'neutral',
  refunded: 'neutral',
};

/** Everyone the plan or package was sold to, newest sale first, with status and what remains. */
export function HoldersCard({ kind, id }: { kind: 'plans' | 'packages'; id: string }) {
  const { t } = useTranslation();
  const list = useListParams(LIST);
  const formatDay = useFormatDay();
  const length = useFormatLength();
  const holders = useHolders(kind, id, {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    ...(list.filters.status ? { status: list.filters.status } : {}),
    page: list.page,
    pageSize: list.pageSize,
  });

  const columns: ListColumn<Holder>[] = [
    {
      key: 'member',
      title: t('catalogue:holders.member'),
      render: (_: unknown, h: Holder) => (
        <Link to={memberPath(h.member.id)}>
          {memberName(h.member)}
          {h.member.chineseName ? ` ${h.member.chineseName}` : ''}
        </Link>
      ),
    },
    { key: 'code', title: t('catalogue:holders.code'), render: (_: unknown, h: Holder) => h.member.code },
    {
      key: 'status',
      title: t('catalogue:holders.status'),
      render: (_: unknown, h: Holder) => (
        <StatusTag tone={HOLDER_TONES[h.status]} testId={`holder-status-${h.status}`}>
          {t(`catalogue:holderStatus.${h.status}`)}
        </StatusTag>
      ),
    },
    {
      key: 'validFrom',
      title: t('catalogue:holders.validFrom'),
      show: 'tablet',
      render: (_: unknown, h: Holder) => formatDay(h.validFrom),
    },
    {
      key: 'validUntil',
      title: t('catalogue:holders.validUntil'),
      render: (_: unknown, h: Holder) => formatDay(h.validUntil),
    },
    {
      key: 'daysLeft',
      title: t('catalogue:holders.daysLeft'),
      align: 'right',
      show: 'tablet',
      render: (_: unknown, h: Holder) => (h.daysLeft === null ? '—' : length(h.daysLeft, 'day')),
    },
    ...(kind === 'packages'
      ? [
          {
            key: 'credits',
            title: t('catalogue:holders.creditsLeft'),
            align: 'right' as const,
            render: (_: unknown, h: Holder) =>
              h.creditsLeft === null
                ? '—'
                : t('catalogue:holders.creditsOf', { left: h.creditsLeft, granted: h.creditsGranted ?? h.creditsLeft }),
          },
        ]
      : []),
    {
      key: 'center',
      title: t('catalogue:holders.soldAt'),
      show: 'desktop',
      render: (_: unknown, h: Holder) => `${h.center.name} (${h.center.code})`,
    },
  ];

  return (
    <Card title={t('catalogue:holders.title')} data-testid="holders">
      <ListTable<Holder, (typeof SORTS)[number], Filter>
        list={list}
        result={holders}
        columns={columns}
        rowKey={(row) => row.entitlementId}
        testId="holder-table"
        texts={listTexts(t, 'catalogue:holders.empty', 'catalogue:holders.total', 'catalogue:noMatch')}
        search={listSearch(t, 'holder-keyword', 'catalogue:holders.searchLabel')}
        filters={
          <ChoiceFilter
            list={list}
            filter="status"
            label={t('catalogue:holders.status')}
            anyLabel={t('catalogue:holders.anyStatus')}
            options={HOLDER_STATUSES.map((s) => ({ value: s, label: t(`catalogue:holderStatus.${s}`) }))}
            testId="filter-holder-status"
          />
        }
      />
    </Card>
  );
}
