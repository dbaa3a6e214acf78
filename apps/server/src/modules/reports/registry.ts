/**
 * Every report the product has, by code. A report is a `ReportSpec` (engine.ts): its title, the
 * permission it needs, the filters it reads, its columns and totals, an optional chart, and the rows
 * behind each of its figures.
 */
import type { ReportCode } from '@gym/contract/reports';
import {
  classIncomeReport,
  commissionReport,
  holdWorkshopReport,
  onlinePaymentReport,
  personalTrainingReport,
  productReport,
  splitReport,
  teacherReport,
  userCommissionReport,
} from './activity-reports.ts';
import type { ReportSpec } from './engine.ts';
import { entryReport } from './entry-report.ts';
import {
  expiringReport,
  groupReport,
  installmentReport,
  membershipReport,
  membersReport,
  nonPayersReport,
  trialsReport,
} from './member-reports.ts';
import { centerSalesReport, paymentMethodReport, salesMonthlyReport, transactionsReport } from './money-reports.ts';

const ALL: ReportSpec[] = [
  paymentMethodReport,
  transactionsReport,
  salesMonthlyReport,
  centerSalesReport,
  entryReport,
  membersReport,
  expiringReport,
  membershipReport,
  installmentReport,
  nonPayersReport,
  personalTrainingReport,
  classIncomeReport,
  teacherReport,
  commissionReport,
  userCommissionReport,
  productReport,
  trialsReport,
  onlinePaymentReport,
  groupReport,
  splitReport,
  holdWorkshopReport,
];

export const REPORTS: ReadonlyMap<string, ReportSpec> = new Map(ALL.map((r) => [r.code, r]));

/** The report of `code`, or undefined for a code the product does not have (yet). */
export const reportOf = (code: string): ReportSpec | undefined => REPORTS.get(code);

export const reportCodes = (): ReportCode[] => ALL.map((r) => r.code);
