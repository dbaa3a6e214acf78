/** A member's entitlements and an entitlement's ledger, as the member file shows them. */
import type { Entitlement } from '@gym/contract/sales';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centers,
  entitlementLedger,
  entitlementState,
  entitlements,
  invoiceLines,
  invoices,
  members,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { QueryContext } from '../../lib/use-case.ts';
import { statusOn } from './entitlement-state.ts';
import { stateOf } from './ledger.ts';

const staff = alias(users, 'staff');

/** A member's entitlements with their ledger-derived state on each one's centre's business date. */
export async function memberEntitlements(
  q: QueryContext,
  input: { memberId: string; includeEnded?: boolean },
): Promise<Entitlement[]> {
  const member = await q.db.first(members, eq(members.id, input.memberId));
  if (!member) throw notFound('member');
  // A member the caller may see shows every entitlement of theirs, wherever it was sold.
  const rows = await q.db.wholeOrganisation
    .select({
      ent: entitlements,
      state: entitlementState,
      center: { id: centers.id, code: centers.code, timeZone: centers.timeZone },
      invoice: { id: invoices.id, number: invoices.number },
    })
    .from(entitlements)
    .innerJoin(entitlementState, eq(entitlementState.entitlementId, entitlements.id))
    .innerJoin(centers, eq(centers.id, entitlements.centerId))
    .leftJoin(invoiceLines, eq(invoiceLines.id, entitlements.invoiceLineId))
    .leftJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(eq(entitlements.memberId, member.id))
    .orderBy(desc(entitlements.createdAt));
  const out = rows.map(({ ent, state, center, invoice }) => {
    const s = stateOf(state);
    const status = statusOn(s, q.clock.today(center.timeZone));
    return {
      id: ent.id,
      kind: ent.kind as Entitlement['kind'],
      itemId: ent.itemId,
      name: ent.name,
      usage: ent.usage,
      status,
      validFrom: s.validFrom,
      validUntil: s.validUntil,
      frozen: status === 'frozen',
      frozenFrom: s.frozenFrom,
      frozenUntil: s.frozenUntil,
      creditsGranted: s.creditsGranted,
      creditsLeft: s.creditsLeft,
      freezes: s.freezes,
      maxFreezes: ent.maxFreezes,
      maxFreezeDays: ent.maxFreezeDays,
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.number ?? null,
      center: { id: center.id, code: center.code },
      allCenters: ent.allCenters,
      centerIds: ent.centerIds,
      createdAt: ent.createdAt.toISOString(),
    };
  });
  return input.includeEnded === false
    ? out.filter((e) => e.status === 'active' || e.status === 'frozen' || e.status === 'pending')
    : out;
}

/** An entitlement's ledger rows, in order, with the staff member who wrote each. */
export async function entitlementHistory(q: QueryContext, input: { memberId: string; entitlementId: string }) {
  const member = await q.db.first(members, eq(members.id, input.memberId));
  const ent =
    member &&
    (await q.db.wholeOrganisation.first(
      entitlements,
      and(eq(entitlements.id, input.entitlementId), eq(entitlements.memberId, member.id)),
    ));
  if (!ent) throw notFound('entitlement');
  const rows = await q.db
    .select({ row: entitlementLedger, staff: { id: staff.id, name: staff.fullName } })
    .from(entitlementLedger)
    .leftJoin(staff, eq(staff.id, entitlementLedger.staffId))
    .where(eq(entitlementLedger.entitlementId, ent.id))
    .orderBy(entitlementLedger.seq);
  return {
    items: rows.map(({ row: r, staff: s }) => ({
      seq: r.seq,
      kind: r.kind,
      creditsDelta: r.creditsDelta,
      daysDelta: r.daysDelta,
      validFrom: r.validFrom,
      validUntil: r.validUntil,
      refType: r.refType,
      refId: r.refId,
      reason: r.reason,
      staff: s?.id ? s : null,
      effectiveOn: r.effectiveOn,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
