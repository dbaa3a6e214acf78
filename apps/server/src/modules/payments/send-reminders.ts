/**
 * Payment reminders: for each open debt with a due date (an installment not wholly paid, or an
 * invoice without installments, due on the day it was issued) the member gets an e-mail with a pay
 * link on the days the organisation chose around its due date (−3, +1, +3, +7 by default), only in
 * the centre's daytime window. One e-mail per debt and offset, ever: the reminder's row (unique on
 * debt and offset) is written in the transaction that queues the e-mail, so two servers sweeping at
 * once send it once. Only the latest offset due is sent; earlier ones not sent are recorded as
 * skipped (a sweep that missed days never sends a batch). A paid debt, a void invoice, reminders
 * turned off: nothing is sent.
 */
import type { ReminderSettings } from '@gym/contract/payments';
import { addDays, businessDate, wallClock } from '@gym/contract/time';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  centers,
  installments,
  invoices,
  organisations,
  paymentReminders,
  paymentSettings,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { keyset } from '../../lib/long-read.ts';
import { type TenantDb, tenantDb } from '../../lib/tenant-db.ts';
import { runCommand, systemCaller } from '../../lib/use-case.ts';
import { remindDebt } from './remind-debt.ts';
import { reminderSettingsOf } from './reminder-settings.ts';

export interface ReminderSweep {
  sent: number;
  /** Offsets passed over for a later one (recorded `skipped`). */
  skipped: number;
  /** Reminders due to members without an e-mail address (recorded `no_email`). */
  noEmail: number;
}

/** One open debt: an installment's open part, or the balance of an invoice without installments. */
export interface Debt {
  debtId: string;
  invoiceId: string;
  installmentId: string | null;
  centerId: string;
  memberId: string;
  dueOn: string;
  issuedOn: string;
}

/** `HH:MM` on the centre's wall clock at `now`. */
const wallTime = (now: Date, timeZone: string) => {
  const w = wallClock(now, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

/**
 * The offset to send on `day` (the latest whose day has come), and the earlier ones it passes over.
 * An offset whose day is before the invoice was issued does not apply (a sale with its first part
 * due today gets no "in three days" reminder).
 */
export function offsetsDue(
  settings: Pick<ReminderSettings, 'offsets'>,
  debt: Pick<Debt, 'dueOn' | 'issuedOn'>,
  day: string,
) {
  const applicable = [...settings.offsets]
    .sort((a, b) => a - b)
    .filter((o) => addDays(debt.dueOn, o) >= debt.issuedOn && addDays(debt.dueOn, o) <= day);
  const latest = applicable.at(-1);
  return latest === undefined ? null : { latest, passed: applicable.slice(0, -1) };
}

/**
 * One sweep over every organisation whose reminders are on (or only `organisationId`'s), on the
 * server's clock: what it sent, skipped, and could not send.
 */
export async function sendReminders(deps: AppDeps, only: { organisationId?: string } = {}): Promise<ReminderSweep> {
  const { db } = deps.database;
  const sweep: ReminderSweep = { sent: 0, skipped: 0, noEmail: 0 };
  // Every organisation: one with payments never set up has the defaults (reminders on).
  const orgs = await db
    .select({ id: organisations.id, settings: paymentSettings })
    .from(organisations)
    .leftJoin(paymentSettings, eq(paymentSettings.organisationId, organisations.id))
    .where(only.organisationId ? eq(organisations.id, only.organisationId) : undefined);
  const failures: unknown[] = [];
  for (const org of orgs) {
    const settings = reminderSettingsOf(org.settings);
    if (!settings.enabled || settings.offsets.length === 0) continue;
    await remindOrganisation(deps, org.id, settings, sweep, failures).catch((err: unknown) => failures.push(err));
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} payment reminders failed`);
  return sweep;
}

type Candidate = { debt: Debt; latest: number; passed: number[]; done: Set<number> };

/**
 * The organisation's reminders due now: its open invoices read in chunks (`lib/long-read.ts`: an
 * organisation's debts grow with its history, and the door shares the database), each chunk's
 * installments and recorded reminders beside it; then each reminder sent in its own transaction,
 * once the read has given its place back.
 */
async function remindOrganisation(
  deps: AppDeps,
  organisationId: string,
  settings: ReminderSettings,
  sweep: ReminderSweep,
  failures: unknown[],
) {
  const scoped = tenantDb(deps.database.db, { organisationId, centerIds: null });
  const now = deps.clock.now();
  const open = keyset(
    ({ after, limit }: { after: string | undefined; limit: number }) =>
      scoped
        .select({
          id: invoices.id,
          centerId: invoices.centerId,
          memberId: invoices.memberId,
          issuedOn: invoices.issuedOn,
          timeZone: centers.timeZone,
        })
        .from(invoices)
        .innerJoin(centers, eq(centers.id, invoices.centerId))
        .where(
          and(
            isNull(invoices.voidedAt),
            sql`${invoices.state} <> 'void'`,
            sql`${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor} > 0`,
            after ? gt(invoices.id, after) : undefined,
          ),
        )
        .orderBy(asc(invoices.id))
        .limit(limit),
    (last) => last.id,
  );
  const candidates = await deps.longReads.read(organisationId, open, async (chunks) => {
    const found: Candidate[] = [];
    for await (const chunk of chunks) found.push(...(await dueIn(scoped, settings, now, chunk)));
    return found;
  });
  const caller = systemCaller(organisationId, 'payment reminders');
  for (const c of candidates) {
    if (c.done.has(c.latest)) continue;
    // One debt that fails (its link cannot be made) is told after the sweep; the others still go out.
    const { debt, latest, passed } = c;
    const outcome = await runCommand(deps, caller, remindDebt, {
      debt,
      latest,
      passed,
      publicUrl: deps.config.publicUrl,
    }).catch((err: unknown) => {
      failures.push(err);
      return 'failed' as const;
    });
    if (outcome === 'sent') sweep.sent += 1;
    if (outcome === 'no_email') sweep.noEmail += 1;
    if (outcome === 'sent' || outcome === 'no_email') sweep.skipped += c.passed.filter((o) => !c.done.has(o)).length;
  }
}

/** The reminders due now among a chunk of open invoices: each debt's latest offset come, and those it passes over. */
async function dueIn(
  scoped: TenantDb,
  settings: ReminderSettings,
  now: Date,
  chunk: { id: string; centerId: string; memberId: string; issuedOn: string; timeZone: string }[],
): Promise<Candidate[]> {
  // Only centres inside their daytime window now: the others' debts wait for theirs.
  const awake = chunk.filter((i) => {
    const t = wallTime(now, i.timeZone);
    return settings.windowStart <= t && t < settings.windowEnd;
  });
  if (awake.length === 0) return [];
  const parts = await scoped
    .select({
      id: installments.id,
      invoiceId: installments.invoiceId,
      dueOn: installments.dueOn,
      lacking: sql<string>`${installments.amountMinor} - coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = ${installments.id}), 0)`,
    })
    .from(installments)
    .where(
      inArray(
        installments.invoiceId,
        awake.map((i) => i.id),
      ),
    )
    .orderBy(asc(installments.seq));
  const partsOf = new Map<string, typeof parts>();
  for (const p of parts) partsOf.set(p.invoiceId, [...(partsOf.get(p.invoiceId) ?? []), p]);
  const found: Omit<Candidate, 'done'>[] = [];
  for (const invoice of awake) {
    const day = businessDate(now, invoice.timeZone);
    const mine = partsOf.get(invoice.id) ?? [];
    const base = {
      invoiceId: invoice.id,
      centerId: invoice.centerId,
      memberId: invoice.memberId,
      issuedOn: invoice.issuedOn,
    };
    const debts: Debt[] =
      mine.length === 0
        ? [{ ...base, debtId: invoice.id, installmentId: null, dueOn: invoice.issuedOn }]
        : mine
            .filter((p) => Number(p.lacking) > 0)
            .map((p) => ({ ...base, debtId: p.id, installmentId: p.id, dueOn: p.dueOn }));
    for (const debt of debts) {
      const due = offsetsDue(settings, debt, day);
      if (due) found.push({ debt, ...due });
    }
  }
  if (found.length === 0) return [];
  const recorded = await scoped
    .select({ debtId: paymentReminders.debtId, offsetDays: paymentReminders.offsetDays })
    .from(paymentReminders)
    .where(
      inArray(
        paymentReminders.debtId,
        found.map((c) => c.debt.debtId),
      ),
    );
  const doneOf = new Map<string, Set<number>>();
  for (const r of recorded) doneOf.set(r.debtId, (doneOf.get(r.debtId) ?? new Set()).add(r.offsetDays));
  return found
    .map((c) => ({ ...c, done: doneOf.get(c.debt.debtId) ?? new Set<number>() }))
    .filter((c) => !c.done.has(c.latest));
}
