import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../shared/api/client';

/** A column of a report as the server describes it. */
export interface ReportColumn {
  key: string;
  title?: string;
  /** How its values are written: money (minor units), a count, a date, or text. */
  kind?: string;
  type?: string;
}

export type ReportRow = Record<string, unknown>;

export interface ReportAnswer {
  columns: ReportColumn[];
  rows: ReportRow[];
  totals: Record<string, unknown>;
  page: number;
  pageSize: number;
  total: number;
}

const reportKey = (code: string) => ['report', code] as const;

/** One page of a report with its filters (`GET pro/reports/{code}`). */
export function useReport(code: string, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...reportKey(code), query],
    queryFn: ({ signal }) => api.get<ReportAnswer>(`/pro/reports/${encodeURIComponent(code)}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The rows behind one figure of a report (a drill-down). */
export function useReportRows(code: string, query: Record<string, QueryValue> | null) {
  return useQuery({
    queryKey: [...reportKey(code), 'rows', query],
    queryFn: ({ signal }) =>
      api.get<ReportAnswer>(`/pro/reports/${encodeURIComponent(code)}/rows`, { query: query ?? {}, signal }),
    enabled: query !== null,
  });
}

/** How a column's values are written. */
export function columnKind(column: ReportColumn): 'money' | 'number' | 'date' | 'text' {
  const kind = (column.kind ?? column.type ?? '').toLowerCase();
  if (kind === 'money' || column.key.endsWith('Minor')) return 'money';
  if (kind === 'count' || kind === 'number' || kind === 'integer' || kind === 'percent') return 'number';
  if (kind === 'date') return 'date';
  return 'text';
}
