/**
 * What a member owes up to a day (their public payment page): the installments due on or before it
 * with what each still lacks, and the whole balance of an invoice without installments issued on
 * or before it; per invoice never more than its balance (a refund may have lowered it), never
 * anything of a void invoice.
 */
import { type Minor, min, minor, sub, ZERO } from '@gym/contract/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { installments, invoices } from '../../db/schema/index.ts';
import type { TenantDb } from '../../lib/tenant-db.ts';

export interface OwedItem {
  /** The installment's id, or the invoice's when it has none. */
  key: string;
  invoiceId: string;
  installmentId: string | null;
  invoiceNumber: string;
  centerId: string;
  dueOn: string;
  amountMinor: Minor;
}

export async function owedUpTo(
  db: TenantDb,
  { memberId, day }: { memberId: string; day: string },
): Promise<OwedItem[]> {
  const open = await db.wholeOrganisation
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.memberId, memberId),
        sql`${invoices.state} <> 'void'`,
        sql`${invoices.totalMinor} - ${invoices.refundedMinor} - ${invoices.paidMinor} > 0`,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.seq));
  if (open.length === 0) return [];
  const parts = await db.wholeOrganisation
    .select({
      id: installments.id,
      invoiceId: installments.invoiceId,
      dueOn: installments.dueOn,
      amount: installments.amountMinor,
      paid: sql<string>`coalesce((select sum(pa.amount_minor) from payment_allocations pa where pa.installment_id = ${installments.id}), 0)`,
    })
    .from(installments)
    .where(
      inArray(
        installments.invoiceId,
        open.map((i) => i.id),
      ),
    )
    .orderBy(asc(installments.seq));
  const owed: OwedItem[] = [];
  for (const invoice of open) {
    let left = minor(invoice.totalMinor - invoice.refundedMinor - invoice.paidMinor);
    const mine = parts.filter((p) => p.invoiceId === invoice.id);
    const base = { invoiceId: invoice.id, invoiceNumber: invoice.number, centerId: invoice.centerId };
    if (mine.length === 0) {
      if (invoice.issuedOn <= day) {
        owed.push({ ...base, key: invoice.id, installmentId: null, dueOn: invoice.issuedOn, amountMinor: left });
      }
      continue;
    }
    for (const p of mine) {
      if (left <= ZERO || p.dueOn > day) break;
      const lacking = minor(Math.max(0, p.amount - Number(p.paid)));
      if (lacking === ZERO) continue;
      const amount = min(lacking, left);
      owed.push({ ...base, key: p.id, installmentId: p.id, dueOn: p.dueOn, amountMinor: amount });
      left = sub(left, amount);
    }
  }
  return owed;
}
