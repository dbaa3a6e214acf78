import './reports.css';
import { PrinterOutlined } from '@ant-design/icons';
import { ENTRY_REPORT_GROUPS, MEMBERSHIP_REPORT_GROUPS, REPORT_BASES } from '@gym/contract/reports';
import { Button, Card, Select, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { REPORTS } from '../../shared/routing/routes';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { BoundedDateRange, CenterFilterSelect, centerOrAll, isDay, useCenterFilter } from '../../shared/ui/ListFilters';
import { QueryState } from '../../shared/ui/ScreenStates';
import { isFigure, type ReportColumn, type ReportResult, type ReportRow, serverCode, useReport } from './api';
import { useCell, useChartFormat } from './cells';
import { type Drill, DrillDrawer } from './DrillDrawer';
import { EXTRA_FILTERS, EXTRA_VALID, type ExtraParam, ReportFilterSelects } from './ReportFilterSelects';

const ReportChart = lazy(() => import('./ReportChart'));

const PAGE_SIZES = [20, 50, 100];
const SORT = /^-?[a-zA-Z]+$/;

/** The report's code: the named route's, or the generic route's `:code` (as the route table spells it). */
function useReportCode(): string {
  const { code } = useParams();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const named = REPORTS.find((r) => r.path.toLowerCase() === path);
  const byCode = REPORTS.find((r) => r.code.toLowerCase() === code?.toLowerCase());
  return (named ?? byCode)?.code ?? code ?? '';
}

/** The groupings a report offers (`by`), the first its default: the entries' and the memberships'. */
const groupsOf = (code: string): readonly string[] =>
  code === 'membership' ? MEMBERSHIP_REPORT_GROUPS : code === 'entry' ? ENTRY_REPORT_GROUPS : [];

/**
 * Filters, sort and paging in the address:
 * `?center=<id>|all&from=&to=&by=&basis=&staff=&itemType=&method=&sort=&page=&pageSize=`.
 */
function useReportParams(groups: readonly string[]) {
  const [search, setSearch] = useSearchParams();
  const read = (name: string, ok: (v: string) => boolean) => {
    const v = search.get(name);
    return v !== null && ok(v) ? v : undefined;
  };
  const set = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      // A new filter or sort starts again at the first page.
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  return {
    center: read('center', centerOrAll),
    from: read('from', isDay),
    to: read('to', isDay),
    by: read('by', (v) => groups.includes(v)),
    basis: read('basis', (v) => (REPORT_BASES as readonly string[]).includes(v)),
    page: Number(read('page', (v) => /^[1-9]\d{0,4}$/.test(v)) ?? 1),
    pageSize: Number(read('pageSize', (v) => PAGE_SIZES.includes(Number(v))) ?? PAGE_SIZES[1]),
    sort: read('sort', (v) => SORT.test(v)),
    extra: Object.fromEntries(
      EXTRA_FILTERS.map(({ param }) => [param, read(param, EXTRA_VALID[param])]).filter(([, v]) => v !== undefined),
    ) as Partial<Record<ExtraParam, string>>,
    set,
  };
}

/**
 * One screen for every report (`/report/{code}` and each report route of the spec): filters in
 * the address, a sorted and paged table with its totals row, a chart where the report has one,
 * CSV / XLSX export of the whole result, print, and each figure opening the rows behind it.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const webCode = useReportCode();
  const code = serverCode(webCode);
  const groups = groupsOf(code);
  const params = useReportParams(groups);
  const { centerFilter, shownCenterId, today } = useCenterFilter(params.center);
  const to = params.to ?? today;
  const from = params.from ?? `${to.slice(0, 7)}-01`;
  const filters: Record<string, string> = {
    ...(shownCenterId ? { centerId: shownCenterId } : {}),
    from,
    to,
    ...(params.by ? { by: params.by } : {}),
    ...(params.basis ? { basis: params.basis } : {}),
    ...Object.fromEntries(
      EXTRA_FILTERS.flatMap(({ param, filter }) => (params.extra[param] ? [[filter, params.extra[param]]] : [])),
    ),
  };
  const report = useReport(code, {
    ...filters,
    ...(params.sort ? { sort: params.sort } : {}),
    page: params.page,
    pageSize: params.pageSize,
  });
  const [drill, setDrill] = useState<Drill | null>(null);
  const accepts = report.data?.accepts ?? [];

  return (
    <div className="screen report-screen" data-testid="screen-report" data-report-code={code}>
      <div className="report-toolbar" data-testid="report-toolbar">
        <CenterFilterSelect
          label={t('reports:screen.center')}
          allLabel={t('reports:screen.allCenters')}
          value={centerFilter}
          onChange={(value) => params.set({ center: value })}
        />
        <BoundedDateRange
          label={t('reports:screen.dates')}
          from={from}
          to={to}
          pageFocus
          onChange={(start, end) => params.set({ from: start, to: end })}
        />
        {accepts.includes('by') && groups.length > 0 && (
          <Select
            className="list-toolbar__filter"
            aria-label={t('reports:screen.by')}
            value={params.by ?? groups[0]}
            onChange={(value: string) => params.set({ by: value === groups[0] ? null : value })}
            options={groups.map((g) => ({ value: g, label: t(`reports:screen.byOptions.${g}`) }))}
            data-testid="report-filter-by"
          />
        )}
        <ReportFilterSelects
          accepts={accepts}
          values={params.extra}
          onChange={(param, value) => params.set({ [param]: value })}
        />
        {accepts.includes('basis') && (
          <Select
            className="list-toolbar__filter"
            aria-label={t('reports:screen.basis')}
            value={params.basis ?? 'cash'}
            onChange={(value: string) => params.set({ basis: value === 'cash' ? null : value })}
            options={REPORT_BASES.map((b) => ({ value: b, label: t(`reports:screen.basisOptions.${b}`) }))}
            data-testid="report-filter-basis"
          />
        )}
        <div className="report-toolbar__actions">
          <ExportButtons
            path={`/pro/reports/${encodeURIComponent(code)}/export`}
            query={{ ...filters, ...(params.sort ? { sort: params.sort } : {}) }}
            fileName={`report-${code}`}
            disabled={!report.data}
          />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
            {t('reports:screen.print')}
          </Button>
        </div>
      </div>
      <Card
        title={report.data ? t(`reports:${report.data.titleKey}`) : null}
        extra={
          report.data && (
            <span className="field-hint" data-testid="report-period">
              {t('reports:screen.period', { from: report.data.filters.from, to: report.data.filters.to })}
            </span>
          )
        }
        data-testid="report-card"
      >
        <QueryState query={report}>
          {(data) => (
            <ReportTable
              data={data}
              sort={params.sort}
              onSort={(sort) => params.set({ sort })}
              onPage={(page, pageSize) => params.set({ page: String(page), pageSize: String(pageSize) })}
              onDrill={setDrill}
            />
          )}
        </QueryState>
      </Card>
      <DrillDrawer code={code} filters={filters} drill={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

function ReportTable({
  data,
  sort,
  onSort,
  onPage,
  onDrill,
}: {
  data: ReportResult;
  sort: string | undefined;
  onSort: (sort: string | null) => void;
  onPage: (page: number, pageSize: number) => void;
  onDrill: (drill: Drill) => void;
}) {
  const { t } = useTranslation();
  const cell = useCell();
  const chartFormat = useChartFormat();
  const titleOf = (c: ReportColumn) => t(`reports:${c.title}`, { defaultValue: c.key });
  const figure = (column: ReportColumn, row: ReportRow | null, value: unknown, testId: string) =>
    column.drill && typeof value === 'number' && value !== 0 ? (
      <Button
        type="link"
        className="report-figure"
        onClick={() => onDrill({ column, title: titleOf(column), row: row ? String(row.key ?? '') : null })}
        aria-label={t('reports:screen.openRows', { column: titleOf(column) })}
        data-testid={testId}
      >
        {cell(column, value)}
      </Button>
    ) : (
      <span data-testid={testId}>{cell(column, value)}</span>
    );
  const columns: TableColumnsType<ReportRow> = data.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: titleOf(c),
    align: isFigure(c) ? 'right' : 'left',
    sorter: c.sortable,
    sortOrder: sort === c.key ? 'ascend' : sort === `-${c.key}` ? 'descend' : null,
    render: (value: unknown, row: ReportRow) =>
      isFigure(c) ? figure(c, row, value, `report-cell-${c.key}`) : cell(c, value),
  }));
  const chart = useMemo(() => {
    const spec = data.chart;
    if (!spec || data.rows.length < 2) return null;
    const along = data.columns.find((c) => c.key === spec.x);
    const drawn = spec.series.map((key) => data.columns.find((c) => c.key === key)).filter((c) => c !== undefined);
    if (!along || drawn.length === 0) return null;
    return {
      type: spec.type,
      labels: data.rows.map((r) => chartFormat.label(along, r[along.key] ?? null)),
      series: drawn.map((c) => ({
        name: t(`reports:${c.title}`, { defaultValue: c.key }),
        values: data.rows.map((r) => Number(r[c.key] ?? 0)),
      })),
      format: chartFormat.value(drawn[0]!),
    };
  }, [data, chartFormat, t]);
  const hasTotals = Object.values(data.totals).some((v) => v !== null);
  return (
    <>
      {chart && (
        <Suspense fallback={<div className="report-chart" />}>
          <ReportChart data={chart} label={t('reports:screen.chart', { figure: chart.series[0]?.name ?? '' })} />
        </Suspense>
      )}
      <Table<ReportRow>
        size="small"
        rowKey={(row) => String(row.key ?? JSON.stringify(row))}
        columns={columns}
        dataSource={data.rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('reports:screen.empty') }}
        data-testid="report-table"
        pagination={{
          current: data.page,
          pageSize: data.pageSize,
          total: data.total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (count) => t('reports:screen.total', { count }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            onSort(s?.order ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : null);
          } else onPage(pagination.current ?? 1, pagination.pageSize ?? data.pageSize);
        }}
        summary={() =>
          hasTotals ? (
            <Table.Summary fixed>
              <Table.Summary.Row className="report-totals" data-testid="report-totals">
                {data.columns.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i} align={isFigure(c) ? 'right' : 'left'}>
                    {isFigure(c) && typeof data.totals[c.key] === 'number'
                      ? figure(c, null, data.totals[c.key], `report-total-${c.key}`)
                      : i === 0
                        ? t('reports:screen.totals')
                        : null}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </>
  );
}
