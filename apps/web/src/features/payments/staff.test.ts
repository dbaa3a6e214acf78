import { PAYMENT_EVENTS } from '@gym/contract/payments';
import { describe, expect, it } from 'vitest';
import { ONLINE_PAYMENT_ACTION, onlinePaymentNotice } from './onlinePaymentNotice';
import { openInstallments, payLinkRequest } from './PayLinkCreateModal';
import { paymentSettingsRequest } from './PaymentSettingsCard';
import { qrPath } from './QrCode';
import { reminderSettingsRequest } from './ReminderSettingsCard';

const NOW = new Date('2026-03-02T02:00:00Z');

describe('making a pay link', () => {
  it('asks for the balance, an installment or an amount, the default week left to the server', () => {
    expect(payLinkRequest('inv', { kind: 'balance', days: 7 }, NOW)).toEqual({ invoiceId: 'inv' });
    expect(payLinkRequest('inv', { kind: 'installment', installmentId: 'i2', days: 7 }, NOW)).toEqual({
      installmentId: 'i2',
    });
    expect(payLinkRequest('inv', { kind: 'amount', amount: 12_345, description: ' Towel ', days: 3 }, NOW)).toEqual({
      invoiceId: 'inv',
      amount: 12_345,
      description: 'Towel',
      expiresAt: '2026-03-05T02:00:00.000Z',
    });
  });

  it('offers only the installments still open', () => {
    const installments = [
      { id: 'a', seq: 1, dueOn: '2026-02-01', amountMinor: 100, paidMinor: 100, overdue: false },
      { id: 'b', seq: 2, dueOn: '2026-03-01', amountMinor: 100, paidMinor: 40, overdue: true },
      { id: 'c', seq: 3, dueOn: '2026-04-01', amountMinor: 100, paidMinor: 0, overdue: false },
    ];
    expect(openInstallments({ installments }).map((i) => i.id)).toEqual(['b', 'c']);
  });
});

describe('the payment settings form', () => {
  it('sends only the secrets typed in: a blank box keeps the stored one', () => {
    expect(paymentSettingsRequest({ provider: 'simulated', secretKey: '  ', webhookSecret: '' })).toEqual({
      provider: 'simulated',
    });
    expect(
      paymentSettingsRequest({
        provider: 'simulated',
        webhookSecret: ' whsec_new_one ',
        retireOldWebhookSecrets: true,
      }),
    ).toEqual({ provider: 'simulated', webhookSecret: 'whsec_new_one', retireOldWebhookSecrets: true });
  });
});

describe('the desk’s notice of an online payment', () => {
  it('is the contract’s event, read from the realtime message; other messages are not notices', () => {
    expect(ONLINE_PAYMENT_ACTION).toBe(PAYMENT_EVENTS.onlinePaymentReceived);
    expect(
      onlinePaymentNotice({
        action: PAYMENT_EVENTS.onlinePaymentReceived,
        center_id: 'c1',
        message: '陳大文 paid HKD 500.00 online',
        member_id: 'm1',
        order_id: 'o1',
        icon: 'CreditCardIcon',
      }),
    ).toEqual({ message: '陳大文 paid HKD 500.00 online', memberId: 'm1', centerId: 'c1' });
    expect(onlinePaymentNotice({ action: 'entry', center_id: 'c1', message: 'x' })).toBeNull();
    expect(onlinePaymentNotice('text')).toBeNull();
  });
});

describe('the QR code', () => {
  it('draws a square code whose size grows with what it holds', () => {
    const short = qrPath('https://gym.example/pay_link/abc/');
    const long = qrPath(`https://gym.example/pay_link/${'x'.repeat(200)}/`);
    expect(short.size).toBeGreaterThanOrEqual(21);
    expect(long.size).toBeGreaterThan(short.size);
    expect(short.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(qrPath('same').path).toBe(qrPath('same').path);
  });
});

describe('the reminder settings form', () => {
  it('sends the offsets as whole days and the booking block only when it is on', () => {
    const values = { enabled: true, offsets: ['-3', '1', '7'], windowStart: ' 09:00', windowEnd: '20:00 ' };
    expect(reminderSettingsRequest({ ...values, blocks: false, blockBookingsAfterDays: 30 })).toEqual({
      enabled: true,
      offsets: [-3, 1, 7],
      windowStart: '09:00',
      windowEnd: '20:00',
      blockBookingsAfterDays: null,
    });
    expect(
      reminderSettingsRequest({ ...values, blocks: true, blockBookingsAfterDays: 14 }).blockBookingsAfterDays,
    ).toBe(14);
  });
});
