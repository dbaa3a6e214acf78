/**
 * Payment reminders: each offset of a debt's due date goes out once, on its day in the centre's
 * time zone and inside its daytime window, with a pay link in the member's language; nothing once
 * paid; the latest offset only (earlier ones recorded as skipped); a member without an address is
 * counted; two sweeps at once send once. And the settings that drive them.
 */
import { addDays, zonedInstant } from '@gym/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { centers, invoices, members, outboxEmails, payLinks, paymentReminders } from '../../db/schema/index.ts';
import type { TestOrganisation } from '../../test/harness.ts';
import { HKD, insertInvoices, type PaymentsTest, startPayments, TODAY } from '../../test/payments.ts';
import { sendReminders } from './send-reminders.ts';

let t: PaymentsTest;
let org: TestOrganisation;
let utcCenter: string;
beforeAll(async () => {
  t = await startPayments();
});
afterAll(() => t?.ctx.close());
/** Each test its own organisation (centre A in Hong Kong, centre B on UTC): the sweeps of one do not count another's debts. */
beforeEach(async () => {
  org = await t.ctx.newOrganisation({ money: HKD });
  utcCenter = org.centers[1]!.id;
  await t.ctx.database.db.update(centers).set({ timeZone: 'UTC' }).where(eq(centers.id, utcCenter));
});

const HK = 'Asia/Hong_Kong';
let seq = 0;
/** A member (with an address unless `email` is null) owing one installment of HKD 500 due on `dueOn`. */
async function owing({
  dueOn,
  issuedOn = TODAY,
  email = `m${++seq}@example.com`,
  language = 'en',
  centerId,
  installments = true,
}: {
  dueOn: string;
  issuedOn?: string;
  email?: string | null;
  language?: string;
  centerId?: string;
  installments?: boolean;
}) {
  const member = await org.newMember({ firstName: 'Tai Man', lastName: 'Chan' });
  await t.ctx.database.db.update(members).set({ language, email }).where(eq(members.id, member.id));
  const [invoice] = await insertInvoices(t.ctx, org, [
    {
      memberId: member.id,
      totalMinor: 50_000,
      issuedOn,
      ...(centerId ? { centerId } : {}),
      ...(installments ? { installments: [{ dueOn, amountMinor: 50_000 }] } : {}),
    },
  ]);
  return { member, invoice: invoice!, email };
}

const at = (day: string, time: string, zone = HK) => t.clock.set(zonedInstant(day, time, zone));
const sweep = () => sendReminders(t.ctx.deps, { organisationId: org.id });
const mailsTo = (to: string | null) =>
  t.ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to!)).orderBy(outboxEmails.createdAt);
const remindersOf = async (invoiceId: string) =>
  (await t.ctx.database.db.select().from(paymentReminders).where(eq(paymentReminders.invoiceId, invoiceId)))
    .map((r) => ({ offset: r.offsetDays, outcome: r.outcome }))
    .sort((a, b) => a.offset - b.offset);

describe('payment reminders', () => {
  it('sends each offset on its day in the centre’s time zone, inside its daytime window, once, with the same link', async () => {
    const due = addDays(TODAY, 10);
    const hk = await owing({ dueOn: due, language: 'zh-Hant' });
    const utc = await owing({ dueOn: due, centerId: utcCenter });

    at(addDays(due, -4), '12:00');
    await sweep();
    at(addDays(due, -3), '08:30'); // HK: the day has come, its daytime not yet
    await sweep();
    expect(await mailsTo(hk.email)).toHaveLength(0);

    at(addDays(due, -3), '10:00'); // HK 10:00, UTC 02:00 of the same day: only Hong Kong is awake
    await sweep();
    const [first] = await mailsTo(hk.email);
    expect(first!.subject).toBe('Centre A 付款提醒');
    expect(first!.text).toContain('HKD 500.00');
    expect(first!.text).toContain(`發票 ${hk.invoice.number}`);
    expect(first!.text).toMatch(/https:\/\/gym\.example\/pay_link\/[\w-]+\//);
    expect(await mailsTo(utc.email)).toHaveLength(0);

    at(addDays(due, -3), '19:59'); // HK 19:59 (sent already), UTC 11:59: the UTC centre's turn
    await sweep();
    expect(await mailsTo(hk.email)).toHaveLength(1);
    expect((await mailsTo(utc.email))[0]!.subject).toBe('Payment reminder from Centre B');

    at(addDays(due, 1), '08:30', 'UTC'); // HK 16:30 on the day after the due date; UTC before its window
    await sweep();
    const hkMails = await mailsTo(hk.email);
    expect(hkMails).toHaveLength(2);
    expect(hkMails[1]!.subject).toBe('Centre A 逾期付款通知');
    expect(await mailsTo(utc.email)).toHaveLength(1);
    // The second reminder carries the first one's link: it is still open and valid.
    const linkOf = (text: string) => text.match(/pay_link\/([\w-]+)\//)![1];
    expect(linkOf(hkMails[1]!.text)).toBe(linkOf(hkMails[0]!.text));
    expect(await t.ctx.database.db.select().from(payLinks).where(eq(payLinks.invoiceId, hk.invoice.id))).toHaveLength(
      1,
    );
    expect(await remindersOf(hk.invoice.id)).toEqual([
      { offset: -3, outcome: 'sent' },
      { offset: 1, outcome: 'sent' },
    ]);
  });

  it('sends nothing more once the debt is paid, or the invoice void', async () => {
    const due = addDays(TODAY, 20);
    const paid = await owing({ dueOn: due });
    const voided = await owing({ dueOn: due });
    at(addDays(due, -3), '10:00');
    await sweep();
    expect(await mailsTo(paid.email)).toHaveLength(1);
    expect(await mailsTo(voided.email)).toHaveLength(1);
    const pay = await t.ctx.pro('POST', `/invoices/${paid.invoice.id}/payments`, await org.signIn('frontdesk'), {
      method: 'cash',
      amountMinor: 50_000,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    await t.ctx.database.db
      .update(invoices)
      .set({ state: 'void', voidedAt: t.clock.now() })
      .where(eq(invoices.id, voided.invoice.id));
    at(addDays(due, 1), '10:00');
    await sweep();
    at(addDays(due, 7), '10:00');
    await sweep();
    expect(await mailsTo(paid.email)).toHaveLength(1);
    expect(await mailsTo(voided.email)).toHaveLength(1);
  });

  it('sends only the latest offset due, records the ones passed as skipped, and counts a member without an address', async () => {
    const due = addDays(TODAY, 30);
    const late = await owing({ dueOn: due });
    const silent = await owing({ dueOn: due, email: null });
    at(addDays(due, 5), '10:00'); // −3 and +1 and +3 have all come: +3 goes, the two before are skipped
    const result = await sweep();
    expect(result).toMatchObject({ sent: 1, noEmail: 1 });
    expect(result.skipped).toBe(4);
    const mails = await mailsTo(late.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`was due on ${due}`);
    expect(await remindersOf(late.invoice.id)).toEqual([
      { offset: -3, outcome: 'skipped' },
      { offset: 1, outcome: 'skipped' },
      { offset: 3, outcome: 'sent' },
    ]);
    expect(await remindersOf(silent.invoice.id)).toEqual([
      { offset: -3, outcome: 'skipped' },
      { offset: 1, outcome: 'skipped' },
      { offset: 3, outcome: 'no_email' },
    ]);
    // The staff's list on the member file: what went out, with its link.
    const list = await t.ctx.pro('GET', `/students/${late.member.id}/payment-reminders`, await org.signIn('frontdesk'));
    expect(list.statusCode, list.body).toBe(200);
    const sent = list.json().items.find((r: { outcome: string }) => r.outcome === 'sent');
    expect(sent).toMatchObject({ offsetDays: 3, invoiceNumber: late.invoice.number, amount: 50_000, currency: 'HKD' });
    expect(mails[0]!.text).toContain(sent.url);
  });

  it('gives an invoice without installments, due the day it was issued, no reminder before that day', async () => {
    const issued = addDays(TODAY, 40);
    const unpaid = await owing({ dueOn: issued, issuedOn: issued, installments: false });
    at(issued, '10:00');
    await sweep();
    expect(await mailsTo(unpaid.email)).toHaveLength(0);
    at(addDays(issued, 1), '10:00');
    await sweep();
    expect(await mailsTo(unpaid.email)).toHaveLength(1);
    expect(await remindersOf(unpaid.invoice.id)).toEqual([{ offset: 1, outcome: 'sent' }]);
  });

  it('sends once when two sweeps run at once', async () => {
    const due = addDays(TODAY, 50);
    const debts = await Promise.all([owing({ dueOn: due }), owing({ dueOn: due }), owing({ dueOn: due })]);
    at(addDays(due, -3), '10:00');
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a!.sent + b!.sent).toBe(3);
    for (const d of debts) expect(await mailsTo(d.email)).toHaveLength(1);
  });
});

describe('reminder settings', () => {
  it('are on by default, validated, and turned off send nothing', async () => {
    const admin = await org.signIn('admin');
    const view = await t.ctx.pro('GET', '/payment-settings', admin);
    expect(view.json().reminders).toEqual({
      enabled: true,
      offsets: [-3, 1, 3, 7],
      windowStart: '09:00',
      windowEnd: '20:00',
      blockBookingsAfterDays: null,
    });
    const put = (body: object) => t.ctx.pro('PUT', '/payment-settings/reminders', admin, body);
    const base = {
      enabled: true,
      offsets: [-3, 1],
      windowStart: '09:00',
      windowEnd: '20:00',
      blockBookingsAfterDays: 14,
    };
    for (const [body, path] of [
      [{ ...base, offsets: [1, 1] }, 'offsets'],
      [{ ...base, offsets: [91] }, 'offsets.0'],
      [{ ...base, offsets: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'offsets'],
      [{ ...base, windowEnd: '08:00' }, 'windowEnd'],
      [{ ...base, blockBookingsAfterDays: 0 }, 'blockBookingsAfterDays'],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect((await t.ctx.pro('PUT', '/payment-settings/reminders', await org.signIn('manager'), base)).statusCode).toBe(
      403,
    );
    const saved = await put({ ...base, offsets: [2, -1] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reminders).toMatchObject({ offsets: [-1, 2], blockBookingsAfterDays: 14 });

    await put({ ...base, enabled: false });
    const due = addDays(TODAY, 60);
    const off = await owing({ dueOn: due });
    at(addDays(due, 2), '10:00');
    await sweep();
    expect(await mailsTo(off.email)).toHaveLength(0);
    await put({ ...base, enabled: true });
    await sweep();
    expect(await mailsTo(off.email)).toHaveLength(1);
  });
});
