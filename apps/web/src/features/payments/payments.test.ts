import { describe, expect, it } from 'vitest';
import { isFinalOrder, keepPolling, moneyIn, orderOutcome, RECEIPT_POLLS } from './orderProgress';
import { paymentPageLanguage } from './publicLanguage';
import { selectedTotal } from './selection';

describe('the public payment pages', () => {
  it('write an amount in the page currency with its own decimals', () => {
    expect(moneyIn(50_000, 'HKD')).toBe('HKD 500.00');
    expect(moneyIn(123_456_789, 'hkd')).toBe('HKD 1,234,567.89');
    expect(moneyIn(5_000, 'JPY')).toBe('JPY 5,000');
    expect(moneyIn(1_500, 'KWD')).toBe('KWD 1.500');
  });

  it('follow an order until it is final, and show paid only for a success', () => {
    expect(['created', 'pending', 'unknown'].map((s) => isFinalOrder(s as never))).toEqual([false, false, false]);
    expect(orderOutcome('pending')).toBe('waiting');
    expect(orderOutcome('unknown')).toBe('waiting');
    expect(orderOutcome('succeeded')).toBe('paid');
    expect(orderOutcome('failed')).toBe('failed');
    expect(orderOutcome('canceled')).toBe('failed');
    expect(orderOutcome('expired')).toBe('failed');
  });

  it('speak the member’s language unless the visitor chose one on this device', () => {
    expect(paymentPageLanguage(null, 'zh-Hant')).toBe('zh-Hant');
    expect(paymentPageLanguage('en', 'zh-Hant')).toBeNull();
  });

  it('add up only the ticked lines', () => {
    const lines = [
      { key: 'a', invoiceNumber: 'I-1', description: 'x', dueOn: '2026-01-01', amount: 30_000 },
      { key: 'b', invoiceNumber: 'I-1', description: 'y', dueOn: '2026-02-01', amount: 20_000 },
    ];
    expect(selectedTotal(lines, new Set(['a', 'b']))).toBe(50_000);
    expect(selectedTotal(lines, new Set(['b']))).toBe(20_000);
    expect(selectedTotal(lines, new Set())).toBe(0);
  });
});

describe('the status page’s polling', () => {
  it('asks until the order is final, and a while longer for a paid order’s receipt', () => {
    expect(keepPolling(undefined, 0)).toBe(true);
    expect(keepPolling({ state: 'pending' }, 100)).toBe(true);
    expect(keepPolling({ state: 'failed' }, 1)).toBe(false);
    expect(keepPolling({ state: 'succeeded', receiptUrl: 'https://x/receipt' }, 1)).toBe(false);
    expect(keepPolling({ state: 'succeeded' }, 1)).toBe(true);
    expect(keepPolling({ state: 'succeeded' }, RECEIPT_POLLS)).toBe(false);
  });
});
