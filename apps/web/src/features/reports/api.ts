import type { ReportColumn, ReportDrillResult, ReportResult, ReportRow } from '@gym/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../shared/api/client';

export type { ReportColumn, ReportDrillResult, ReportResult, ReportRow };

const reportKey = (code: string) => ['report', code] as const;

/** One page of a report with its filters (`GET pro/reports/{code}`). */
export function useReport(code: string, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...reportKey(code), query],
    queryFn: ({ signal }) => api.get<ReportResult>(`/pro/reports/${encodeURIComponent(code)}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The rows behind one figure of a report (`GET pro/reports/{code}/rows?column=&row=`). */
export function useReportRows(code: string, query: Record<string, QueryValue> | null) {
  return useQuery({
    queryKey: [...reportKey(code), 'rows', query],
    queryFn: ({ signal }) =>
      api.get<ReportDrillResult>(`/pro/reports/${encodeURIComponent(code)}/rows`, { query: query ?? {}, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** Whether a column holds figures (right-aligned, summed, drawn). */
export const isFigure = (column: ReportColumn) =>
  column.kind === 'money' || column.kind === 'count' || column.kind === 'percent';

/**
 * The server's code of a report route's code. The spec names two online payment routes
 * (`/report/online-payment` and `/report-online-payment`); both open the one online payment report.
 */
export const serverCode = (webCode: string) => (webCode === 'online-payment-list' ? 'online-payment' : webCode);
