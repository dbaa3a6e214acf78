/**
 * The pure rules of the payment block, shared by the two sale screens: the installment preview (the
 * server's rule: what the deposit leaves, split equally, the rounding remainder on the last), the
 * checks the server would refuse, the change of a cash payment, and the request body. Integers of
 * minor units only.
 */
import { type Minor, minor, splitEqually, sub, sum } from '@gym/contract/money';
import type { SaleRequest } from '@gym/contract/sales';
import { addMonths, type BusinessDate } from '@gym/contract/time';

export interface PlannedRow {
  dueOn: BusinessDate;
  amountMinor: Minor;
}

/** The installment dates: the first `intervalMonths` after `today`, then every `intervalMonths`. */
export function installmentDates(today: BusinessDate, count: number, intervalMonths: number): BusinessDate[] {
  return Array.from({ length: count }, (_, i) => addMonths(today, (i + 1) * intervalMonths));
}

/**
 * Equal installments of what the deposit leaves, the remainder on the last (100 after a deposit of
 * 10 in 3 = 30, 30, 30). Empty when nothing is left or the count is not a positive integer.
 */
export function equalInstallments(
  totalMinor: Minor,
  depositMinor: Minor,
  count: number,
  today: BusinessDate,
  intervalMonths: number,
): PlannedRow[] {
  if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(intervalMonths) || intervalMonths < 1) {
    return [];
  }
  const rest = sub(totalMinor, depositMinor);
  if (rest <= 0) return [];
  const parts = splitEqually(rest, count);
  const dates = installmentDates(today, count, intervalMonths);
  return parts.map((amountMinor, i) => ({ dueOn: dates[i]!, amountMinor }));
}

/** Why the server would refuse this plan (its field code), or null when it adds up. */
export type PlanProblem =
  | { code: 'deposit_too_large' }
  | { code: 'installments_sum'; differenceMinor: Minor }
  | { code: 'installment_amount'; index: number }
  | { code: 'due_in_past'; index: number }
  | { code: 'due_out_of_order'; index: number };

export function planProblem(
  totalMinor: Minor,
  depositMinor: Minor,
  rows: readonly { dueOn: BusinessDate | null | undefined; amountMinor: number | null | undefined }[],
  today: BusinessDate,
): PlanProblem | null {
  if (depositMinor >= totalMinor) return { code: 'deposit_too_large' };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const amount = row.amountMinor;
    if (amount === null || amount === undefined || !Number.isSafeInteger(amount) || amount < 1) {
      return { code: 'installment_amount', index: i };
    }
    if (!row.dueOn || row.dueOn < today) return { code: 'due_in_past', index: i };
    const before = rows[i - 1]?.dueOn;
    if (i > 0 && before && row.dueOn < before) return { code: 'due_out_of_order', index: i };
  }
  const given = sum(rows.map((r) => minor(r.amountMinor as number)));
  const differenceMinor = sub(sub(totalMinor, depositMinor), given);
  return differenceMinor === 0 ? null : { code: 'installments_sum', differenceMinor };
}

/** The change handed back for a cash payment; null when less than the amount was tendered. */
export function changeOf(
  tenderedMinor: number | null | undefined,
  amountMinor: number | null | undefined,
): Minor | null {
  if (tenderedMinor === null || tenderedMinor === undefined || amountMinor === null || amountMinor === undefined) {
    return null;
  }
  if (tenderedMinor < amountMinor) return null;
  return sub(minor(tenderedMinor), minor(amountMinor));
}

/** What the payment block holds (the form's values). */
export interface PlanValues {
  /** `full`: everything due today; `installments`: a deposit (optional) and installments. */
  planMode: 'full' | 'installments';
  depositMinor?: number | null;
  count?: number | null;
  intervalMonths?: number | null;
  /** The installments edited by hand (only when `customised`). */
  customised?: boolean;
  rows?: { dueOn?: string | null; amountMinor?: number | null }[];
  payNow: boolean;
  method?: string;
  amountMinor?: number | null;
  tenderedMinor?: number | null;
  reference?: string | null;
}

/** The amount a payment taken now defaults to: the deposit, or the whole total. */
export function defaultPayment(values: Pick<PlanValues, 'planMode' | 'depositMinor'>, totalMinor: Minor): Minor {
  if (values.planMode === 'installments') return minor(values.depositMinor ?? 0);
  return totalMinor;
}

/**
 * The plan and payment part of a sale request. Installments not edited by hand are sent without
 * amounts: the server splits what the deposit leaves of the real total (after a coupon) by the
 * same rule as the preview.
 */
export function planRequest(
  values: PlanValues,
  today: BusinessDate,
): Pick<SaleRequest, 'depositMinor' | 'installments' | 'payment'> {
  const out: Pick<SaleRequest, 'depositMinor' | 'installments' | 'payment'> = { installments: [] };
  if (values.planMode === 'installments') {
    if (values.depositMinor) out.depositMinor = minor(values.depositMinor);
    if (values.customised) {
      out.installments = (values.rows ?? []).map((r) => ({
        dueOn: r.dueOn ?? '',
        ...(r.amountMinor ? { amountMinor: minor(r.amountMinor) } : {}),
      }));
    } else {
      out.installments = installmentDates(today, values.count ?? 0, values.intervalMonths ?? 1).map((dueOn) => ({
        dueOn,
      }));
    }
  }
  if (values.payNow && values.method && values.amountMinor) {
    out.payment = {
      method: values.method,
      amountMinor: minor(values.amountMinor),
      ...(values.method === 'cash' && values.tenderedMinor ? { tenderedMinor: minor(values.tenderedMinor) } : {}),
      ...(values.reference?.trim() ? { reference: values.reference.trim() } : {}),
    };
  }
  return out;
}

/** A keyboard-wedge scan: digits (and nothing else) typed faster than a person types. */
export function looksLikeScan(text: string, elapsedMs: number): boolean {
  if (!/^\d{6,20}$/.test(text)) return false;
  return elapsedMs <= text.length * 35;
}

/** Basis points as a percentage text, by integer arithmetic: 1900 → `19`, 770 → `7.7`. */
export function rateText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const part = bp % 100;
  if (part === 0) return String(whole);
  return `${whole}.${String(part).padStart(2, '0').replace(/0$/, '')}`;
}

/** Why installments edited by hand would be refused; null when they are not edited by hand or add up. */
export function customisedPlanProblem(values: PlanValues, totalMinor: Minor, today: BusinessDate): PlanProblem | null {
  if (values.planMode !== 'installments' || !values.customised) return null;
  return planProblem(
    totalMinor,
    minor(values.depositMinor ?? 0),
    (values.rows ?? []).map((r) => ({ dueOn: r.dueOn, amountMinor: r.amountMinor })),
    today,
  );
}

/** What both sale screens send besides the centre and the lines: the coupon, the note, the plan and the payment. */
export function saleRequestRest(
  values: PlanValues & { couponCode?: string | undefined; note?: string | undefined },
  today: BusinessDate,
): Pick<SaleRequest, 'couponCode' | 'note' | 'depositMinor' | 'installments' | 'payment'> {
  return {
    ...(values.couponCode?.trim() ? { couponCode: values.couponCode.trim() } : {}),
    ...(values.note?.trim() ? { note: values.note.trim() } : {}),
    ...planRequest(values, today),
  };
}
