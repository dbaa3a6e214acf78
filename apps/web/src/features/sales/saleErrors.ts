/**
 * The server's refusals of a sale, a payment or a refund, in the screen's language and beside their
 * fields. Field codes of selling (`amount_over_balance`, `stock_short`, `coupon_used_up`,
 * `installments_sum`, ...) are translated in the `sales` namespace; others fall back to the field messages of `errors`.
 */
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, fieldErrorMessage } from '../../shared/api/errorMessages';

export type FieldName = string | (string | number)[];

export function saleFieldMessage(t: TFunction, code: string): string {
  return t(`sales:fieldErrors.${code}`, { defaultValue: fieldErrorMessage(t, code) });
}

/**
 * Puts each field error of `error` beside the field `place(path)` names; returns the messages that
 * have no field on this form (to show above it), or the whole error's message when it has no fields.
 */
export function placeSaleErrors(
  form: FormInstance,
  error: unknown,
  t: TFunction,
  place: (path: string) => FieldName | null,
  /** Field errors the screen shows itself (e.g. beside a cart line). */
  skip: (path: string) => boolean = () => false,
): string[] {
  if (!isApiError(error) || !error.fields?.length) return [apiErrorMessage(t, error)];
  const marked = new Map<string, { name: FieldName; errors: string[] }>();
  const rest: string[] = [];
  for (const field of error.fields) {
    if (skip(field.path)) continue;
    const message = saleFieldMessage(t, field.code);
    const name = place(field.path);
    if (name === null) {
      rest.push(message);
      continue;
    }
    const key = JSON.stringify(name);
    const entry = marked.get(key) ?? { name, errors: [] };
    entry.errors.push(message);
    marked.set(key, entry);
  }
  form.setFields([...marked.values()]);
  const first = [...marked.values()][0];
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
  return rest;
}

/** Where the plan and payment errors of a sale or payment go on the payment block. */
export function placePlanError(path: string, customised: boolean): FieldName | null {
  const parts = path.split('.');
  if (path === 'depositMinor') return 'depositMinor';
  if (parts[0] === 'installments') {
    const index = Number(parts[1]);
    if (customised && Number.isInteger(index) && parts[2]) return ['rows', index, parts[2]];
    return 'count';
  }
  if (parts[0] === 'payment' || parts.length === 1) {
    const leaf = parts[parts.length - 1];
    if (leaf === 'amountMinor' || leaf === 'tenderedMinor' || leaf === 'method' || leaf === 'reference') return leaf;
  }
  return null;
}

/** The field errors about cart lines, by line index: `lines.2.quantity` → 2. */
export function lineErrors(
  error: unknown,
  t: TFunction,
  /** Which line errors to take (the others are placed elsewhere on the form). */
  take: (path: string) => boolean = () => true,
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!isApiError(error)) return out;
  for (const field of error.fields ?? []) {
    if (!take(field.path)) continue;
    const match = /^lines\.(\d+)/.exec(field.path);
    if (!match) continue;
    const index = Number(match[1]);
    out.set(index, [...(out.get(index) ?? []), saleFieldMessage(t, field.code)]);
  }
  return out;
}
