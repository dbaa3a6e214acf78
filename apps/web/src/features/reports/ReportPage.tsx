import './reports.css';
import { PrinterOutlined } from '@ant-design/icons';
import { formatMoney } from '@gym/contract/money';
import { Button, Card, Drawer, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { REPORTS } from '../../shared/routing/routes';
import { ExportButtons } from '../../shared/ui/ExportButtons';
import { BoundedDateRange, CenterFilterSelect, centerOrAll, isDay, useCenterFilter } from '../../shared/ui/ListFilters';
import { MoneyText } from '../../shared/ui/MoneyText';
import { QueryState } from '../../shared/ui/ScreenStates';
import { useDates } from '../../shared/useDates';
import { useMoneyFormat } from '../../shared/useMoneyFormat';
import { columnKind, type ReportAnswer, type ReportColumn, type ReportRow, useReport, useReportRows } from './api';

const ReportChart = lazy(() => import('./ReportChart'));

const PAGE_SIZES = [20, 50, 100];
const SORT = /^-?[A-Za-z][A-Za-z0-9_]*$/;

/** The report's code: the named route's, or the generic route's `:code` (as the route table spells it). */
function useReportCode(): string {
  const { code } = useParams();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const named = REPORTS.find((r) => r.path.toLowerCase() === path);
  const byCode = REPORTS.find((r) => r.code.toLowerCase() === code?.toLowerCase());
  return (named ?? byCode)?.code ?? code ?? '';
}

/** Filters and paging in the address: `?center=<id>|all&from=&to=&page=&pageSize=&sort=`. */
function useReportParams() {
  const [search, setSearch] = useSearchParams();
  const read = (name: string, ok: (v: string) => boolean) => {
    const v = search.get(name);
    return v !== null && ok(v) ? v : undefined;
  };
  const set = (changes: Record<string, string | null>, resetPage = true) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      if (resetPage && !('page' in changes)) next.delete('page');
      return next;
    });
  return {
    center: read('center', centerOrAll),
    from: read('from', isDay),
    to: read('to', isDay),
    page: Number(read('page', (v) => /^[1-9]\d{0,5}$/.test(v)) ?? 1),
    pageSize: Number(read('pageSize', (v) => PAGE_SIZES.includes(Number(v))) ?? PAGE_SIZES[0]),
    sort: read('sort', (v) => SORT.test(v)),
    set,
  };
}

/** What a drill-down asks for: the figure's column and the row it is on (null: the totals row). */
interface Drill {
  column: ReportColumn;
  row: ReportRow | null;
}

/**
 * One screen for every report (`/report/{code}` and each report route of the spec): filters in
 * the address, a sorted and paged table with its totals row, a chart where there is a figure by
 * something, CSV / XLSX export of the whole result, print, and each figure opening its rows.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const code = useReportCode();
  const params = useReportParams();
  const { centerFilter, shownCenterId, today } = useCenterFilter(params.center);
  const to = params.to ?? today;
  const from = params.from ?? `${to.slice(0, 7)}-01`;
  const filters = {
    ...(shownCenterId ? { centerId: shownCenterId } : {}),
    from,
    to,
    ...(params.sort ? { sort: params.sort } : {}),
  };
  const report = useReport(code, { ...filters, page: params.page, pageSize: params.pageSize });
  const [drill, setDrill] = useState<Drill | null>(null);
  const title = t(`titles:${REPORTS.find((r) => r.code === code)?.titleKey ?? 'report'}`);

  return (
    <div className="screen report-screen" data-testid="screen-report" data-report-code={code}>
      <div className="report-toolbar" data-testid="report-toolbar">
        <CenterFilterSelect
          label={t('goals:report.center')}
          allLabel={t('goals:report.allCenters')}
          value={centerFilter}
          onChange={(value) => params.set({ center: value })}
        />
        <BoundedDateRange
          label={t('goals:report.dates')}
          from={from}
          to={to}
          pageFocus
          onChange={(start, end) => params.set({ from: start, to: end })}
        />
        <div className="report-toolbar__actions">
          <ExportButtons path={`/pro/reports/${encodeURIComponent(code)}/export`} query={filters} fileName={code} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
            {t('goals:report.print')}
          </Button>
        </div>
      </div>
      <Card title={title} data-testid="report-card">
        <p className="field-hint report-period" data-testid="report-period">
          {t('goals:report.period', { from, to })}
        </p>
        <QueryState query={report}>
          {(data) => (
            <ReportTable
              code={code}
              data={data}
              sort={params.sort}
              page={params.page}
              pageSize={params.pageSize}
              onSort={(sort) => params.set({ sort })}
              onPage={(page, pageSize) => params.set({ page: String(page), pageSize: String(pageSize) }, false)}
              onDrill={setDrill}
            />
          )}
        </QueryState>
      </Card>
      <DrillDrawer code={code} filters={filters} drill={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

function useCell() {
  const dates = useDates();
  return (column: ReportColumn, value: unknown) => {
    const kind = columnKind(column);
    if (value === null || value === undefined) return '–';
    if (kind === 'money' && typeof value === 'number') return <MoneyText value={value} />;
    if (kind === 'date' && typeof value === 'string' && isDay(value)) return dates.date(value);
    return String(value);
  };
}

const isFigure = (column: ReportColumn) => {
  const kind = columnKind(column);
  return kind === 'money' || kind === 'number';
};

function ReportTable({
  code,
  data,
  sort,
  page,
  pageSize,
  onSort,
  onPage,
  onDrill,
}: {
  code: string;
  data: ReportAnswer;
  sort: string | undefined;
  page: number;
  pageSize: number;
  onSort: (sort: string | null) => void;
  onPage: (page: number, pageSize: number) => void;
  onDrill: (drill: Drill) => void;
}) {
  const { t } = useTranslation();
  const cell = useCell();
  const money = useMoneyFormat();
  const titleOf = (c: ReportColumn) => c.title ?? t(`goals:report.columns.${c.key}`, { defaultValue: c.key });
  const figureButton = (column: ReportColumn, row: ReportRow | null, value: unknown, testId: string) => (
    <Button
      type="link"
      className="report-figure"
      onClick={() => onDrill({ column, row })}
      aria-label={t('goals:report.openRows', { column: titleOf(column) })}
      data-testid={testId}
    >
      {cell(column, value)}
    </Button>
  );
  const columns: TableColumnsType<ReportRow> = data.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: titleOf(c),
    align: isFigure(c) ? 'right' : 'left',
    sorter: true,
    sortOrder: sort === c.key ? 'ascend' : sort === `-${c.key}` ? 'descend' : null,
    render: (value: unknown, row: ReportRow) =>
      isFigure(c) && typeof value === 'number' && value !== 0
        ? figureButton(c, row, value, `report-cell-${c.key}`)
        : cell(c, value),
  }));
  const chart = useMemo(() => {
    const label = data.columns.find((c) => columnKind(c) === 'text' || columnKind(c) === 'date');
    const figure = data.columns.find(isFigure);
    if (!label || !figure || data.rows.length < 2) return null;
    const isMoney = columnKind(figure) === 'money';
    return {
      labels: data.rows.map((r) => String(r[label.key] ?? '')),
      values: data.rows.map((r) => Number(r[figure.key] ?? 0)),
      name: figure.title ?? figure.key,
      format: (v: number) => (isMoney ? formatMoney(v, money, true) : String(v)),
    };
  }, [data, money]);
  const hasTotals = data.columns.some((c) => data.totals[c.key] !== undefined && data.totals[c.key] !== null);
  return (
    <>
      {chart && (
        <Suspense fallback={<div className="report-chart" />}>
          <ReportChart data={chart} label={t('goals:report.chart', { figure: chart.name })} />
        </Suspense>
      )}
      <Table<ReportRow>
        size="small"
        rowKey={(row) => String(row.id ?? row.key ?? JSON.stringify(row))}
        columns={columns}
        dataSource={data.rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('goals:report.empty') }}
        data-testid="report-table"
        data-code={code}
        pagination={{
          current: page,
          pageSize,
          total: data.total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (count) => t('goals:report.total', { count }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = s?.order ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : null;
          if ((key ?? undefined) !== sort) onSort(key);
          else onPage(pagination.current ?? 1, pagination.pageSize ?? pageSize);
        }}
        summary={() =>
          hasTotals ? (
            <Table.Summary fixed>
              <Table.Summary.Row className="report-totals" data-testid="report-totals">
                {data.columns.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i} align={isFigure(c) ? 'right' : 'left'}>
                    {i === 0 && data.totals[c.key] === undefined
                      ? t('goals:report.totals')
                      : isFigure(c) && typeof data.totals[c.key] === 'number'
                        ? figureButton(c, null, data.totals[c.key], `report-total-${c.key}`)
                        : cell(c, data.totals[c.key])}
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

/** The rows behind a figure, in a drawer: the same filters, narrowed to the figure's row. */
function DrillDrawer({
  code,
  filters,
  drill,
  onClose,
}: {
  code: string;
  filters: Record<string, string>;
  drill: Drill | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cell = useCell();
  const query = drill
    ? {
        ...filters,
        column: drill.column.key,
        ...(drill.row ? { row: String(drill.row.key ?? drill.row.id ?? '') } : {}),
      }
    : null;
  const rows = useReportRows(code, query);
  return (
    <Drawer
      open={drill !== null}
      onClose={onClose}
      size={720}
      title={t('goals:report.rowsTitle', { column: drill?.column.title ?? drill?.column.key ?? '' })}
      data-testid="report-drill"
    >
      {drill && (
        <QueryState query={rows} isEmpty={(d) => d.rows.length === 0} emptyText={t('goals:report.empty')}>
          {(data) => (
            <Table<ReportRow>
              size="small"
              rowKey={(row) => String(row.id ?? JSON.stringify(row))}
              dataSource={data.rows}
              pagination={{ pageSize: 50, showTotal: (count) => t('goals:report.total', { count }) }}
              scroll={{ x: 'max-content' }}
              data-testid="report-drill-table"
              columns={data.columns.map((c) => ({
                key: c.key,
                dataIndex: c.key,
                title: c.title ?? c.key,
                align: isFigure(c) ? 'right' : 'left',
                render: (value: unknown) => cell(c, value),
              }))}
            />
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
