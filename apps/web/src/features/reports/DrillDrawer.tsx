import type { ReportColumn, ReportRow } from '@gym/contract/reports';
import { Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/ScreenStates';
import { isFigure, useReportRows } from './api';
import { useCell } from './cells';

/** A figure the person clicked: its column and the key of its row (null: the totals row). */
export interface Drill {
  column: ReportColumn;
  title: string;
  row: string | null;
}

const PAGE_SIZE = 50;

/** The rows behind a figure (payments, invoices, entries...), read with the report's filters, in a drawer. */
export function DrillDrawer({
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
  const [page, setPage] = useState(1);
  const query = drill
    ? { ...filters, column: drill.column.key, ...(drill.row ? { row: drill.row } : {}), page, pageSize: PAGE_SIZE }
    : null;
  const rows = useReportRows(code, query);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Drawer
      open={drill !== null}
      onClose={close}
      size={760}
      title={t('reports:screen.rowsTitle', { column: drill?.title ?? '' })}
      data-testid="report-drill"
    >
      {drill && (
        <QueryState query={rows} isEmpty={(d) => d.rows.length === 0} emptyText={t('reports:screen.empty')}>
          {(data) => (
            <Table<ReportRow>
              size="small"
              rowKey={(row) => String(row.key ?? row.id ?? JSON.stringify(row))}
              dataSource={data.rows}
              pagination={{
                current: data.page,
                pageSize: data.pageSize,
                total: data.total,
                showSizeChanger: false,
                onChange: setPage,
                showTotal: (count) => t('reports:screen.total', { count }),
              }}
              scroll={{ x: 'max-content' }}
              data-testid="report-drill-table"
              columns={data.columns.map((c) => ({
                key: c.key,
                dataIndex: c.key,
                title: t(`reports:${c.title}`, { defaultValue: c.key }),
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
