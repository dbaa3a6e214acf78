import '../centers/centers.css';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@gym/contract/audit';
import { formatMoney, type Minor } from '@gym/contract/money';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClearableFilter, DateRangeFilter, isDay, isId } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { useDateTime } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { useMoneyFormat } from '../../shared/useMoneyFormat';
import { type AuditRow, useAuditLog } from './api';
import { auditSentence, isMoneyField } from './auditText';

const SORTS = ['-at'] as const;
type Filter = 'from' | 'to' | 'action' | 'entityType' | 'actorId';
const LIST: ListParamsConfig<(typeof SORTS)[number], Filter> = {
  sorts: SORTS,
  defaultSort: '-at',
  filters: {
    from: isDay,
    to: isDay,
    action: AUDIT_ACTIONS,
    entityType: AUDIT_ENTITY_TYPES,
    actorId: isId,
  },
};

/** The entry's record as the server wrote it, and the changed fields, `field: before → after`, money with its currency. */
function Changes({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const fields = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  const show = (field: string, v: unknown) =>
    v === undefined || v === null
      ? '–'
      : isMoneyField(field) && typeof v === 'number'
        ? formatMoney(v as Minor, money)
        : typeof v === 'string'
          ? v
          : JSON.stringify(v);
  return (
    <div data-testid="audit-details">
      <p className="audit-record">
        <strong>{t('audit:record')}:</strong> {row.summary}
      </p>
      {fields.length > 0 && (
        <ul className="audit-changes" style={{ margin: 0, paddingInlineStart: 16 }}>
          {fields.map((f) => (
            <li key={f}>
              <code>{f}</code>: {show(f, row.before?.[f])} → {show(f, row.after?.[f])}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `/system-config/audit`: who did which sensitive thing, when and from where; filters live in the URL. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const list = useListParams(LIST);
  // The server sorts newest first; the sort is not a choice here.
  const { sort: _sort, ...query } = list.query;
  const { sort: _exportSort, ...exportQuery } = list.filterQuery;
  const audit = useAuditLog(query);
  const formatDateTime = useDateTime();
  const money = useMoneyFormat();

  const columns: ListColumn<AuditRow>[] = [
    {
      key: 'at',
      title: t('audit:fields.at'),
      dataIndex: 'at',
      width: 170,
      render: (at: string) => formatDateTime(at),
    },
    {
      key: 'actor',
      title: t('audit:fields.actor'),
      render: (_: unknown, row) =>
        row.actor ? (
          <Button type="link" size="small" onClick={() => list.setFilter('actorId', row.actor!.id)}>
            {row.actor.name}
          </Button>
        ) : (
          t('audit:system')
        ),
    },
    {
      key: 'role',
      title: t('audit:fields.role'),
      dataIndex: 'actorRole',
      render: (role: string | null) => (role ? t(`common:roles.${role}`) : ''),
    },
    {
      key: 'summary',
      title: t('audit:fields.summary'),
      maxWidth: 360,
      render: (_: unknown, row) => <span data-testid="audit-sentence">{auditSentence(t, row, money)}</span>,
    },
    {
      key: 'from',
      title: t('audit:fields.from'),
      dataIndex: 'ipAddress',
      render: (ip: string | null, row) => <span title={row.userAgent ?? ''}>{ip ?? ''}</span>,
    },
  ];

  return (
    <div className="screen" data-testid="screen-audit-log">
      <ListTable<AuditRow, (typeof SORTS)[number], Filter>
        list={list}
        result={audit}
        columns={columns}
        chooseColumns={false}
        expandedRowRender={(row) => <Changes row={row} />}
        texts={listTexts(t, 'audit:empty', 'audit:total', 'audit:noMatch')}
        lead={
          <Typography.Paragraph>
            <Link to="/system-config">{t('audit:back')}</Link>
          </Typography.Paragraph>
        }
        search={listSearch(t, 'audit-keyword', 'audit:searchLabel', 'audit:searchPlaceholder')}
        exportTo={{ path: '/pro/audit/export', fileName: 'audit-log', query: exportQuery }}
        filters={
          <>
            <DateRangeFilter list={list} label={t('audit:filters.dates')} className="list-toolbar__filter" />
            <ClearableFilter
              list={list}
              filter="action"
              label={t('audit:filters.action')}
              options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit:actions.${a}`) }))}
              wideOptions
              testId="filter-action"
            />
            <ClearableFilter
              list={list}
              filter="entityType"
              label={t('audit:filters.entityType')}
              options={AUDIT_ENTITY_TYPES.map((e) => ({ value: e, label: t(`audit:entities.${e}`) }))}
            />
            {list.filters.actorId && (
              <Button onClick={() => list.setFilter('actorId', null)}>{t('audit:filters.clearActor')}</Button>
            )}
          </>
        }
      />
    </div>
  );
}
