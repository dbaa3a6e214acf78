/**
 * An audit entry as a sentence in the screen's language: the action's words (every action of the
 * contract's `AUDIT_ACTIONS` has them in the five languages, `auditText.test.ts`), with the money
 * it moved written with the currency, never in minor units.
 */
import { formatMoney, type Minor, type MoneyFormat } from '@gym/contract/money';
import type { TFunction } from 'i18next';

interface Entry {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const amountOf = (source: Record<string, unknown> | null, field: string): Minor | null => {
  const value = source?.[field];
  return typeof value === 'number' && Number.isSafeInteger(value) ? (value as Minor) : null;
};

/** A field of an entry's changes that is money (`amountMinor`, `unitPriceMinor`…). */
export const isMoneyField = (field: string) => field.endsWith('Minor');

export function auditSentence(t: TFunction, entry: Entry, money: MoneyFormat): string {
  const label = t(`audit:actions.${entry.action}`, { defaultValue: entry.action });
  const write = (amount: Minor | null) => (amount === null ? null : formatMoney(amount, money));
  if (entry.action === 'invoice.refunded') {
    const amount = write(amountOf(entry.after, 'amountMinor'));
    if (amount) return t('audit:sentences.invoice.refunded', { amount });
  }
  if (entry.action === 'invoice.price_overridden') {
    const before = write(amountOf(entry.before, 'unitPriceMinor'));
    const after = write(amountOf(entry.after, 'unitPriceMinor'));
    if (before && after) return t('audit:sentences.invoice.price_overridden', { before, after });
  }
  if (entry.action === 'pt_session.completed') {
    const amount = write(amountOf(entry.after, 'commissionMinor'));
    if (amount) return t('audit:sentences.pt_session.completed', { amount });
  }
  return label;
}
