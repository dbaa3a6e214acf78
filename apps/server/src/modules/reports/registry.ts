/**
 * Every report the product has, by code. A report is a `ReportSpec` (engine.ts): its title, the
 * permission it needs, the filters it reads, its columns and totals, an optional chart, and the rows
 * behind each of its figures.
 */
import type { ReportCode } from '@gym/contract/reports';
import type { ReportSpec } from './engine.ts';
import { entryReport } from './entry-report.ts';
import { centerSalesReport, paymentMethodReport, salesMonthlyReport, transactionsReport } from './money-reports.ts';

const ALL: ReportSpec[] = [paymentMethodReport, transactionsReport, salesMonthlyReport, centerSalesReport, entryReport];

export const REPORTS: ReadonlyMap<string, ReportSpec> = new Map(ALL.map((r) => [r.code, r]));

/** The report of `code`, or undefined for a code the product does not have (yet). */
export const reportOf = (code: string): ReportSpec | undefined => REPORTS.get(code);

export const reportCodes = (): ReportCode[] => ALL.map((r) => r.code);
