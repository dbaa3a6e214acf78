import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The business's invariants, checked in SQL over the whole database (every organisation): what must
 * hold however the requests were interleaved, retried or cut off by a crash. Answers each breach in
 * words (empty when all hold). The soak bench runs it after its faults; a test breaks each.
 * - an invoice's paid amount is its payments less its refunds;
 * - an entitlement's credits left and held are the sums of its ledger rows, and never below zero;
 * - a class holds no more booked members than its capacity;
 * - one scan records at most one entry (a unique index; checked all the same);
 * - an online order's money is recorded once and only when it succeeded: each item of a succeeded
 *   order (not held for review) holds its payment, of the item's amount, and no other order's item
 *   holds one; a provider's event is stored once (a unique index; checked all the same).
 */
export async function invariantBreaches(db: Db): Promise<string[]> {
  const rows = async (statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: { what: string }[] }).rows.map((r) => r.what);
  return [
    ...(await rows(sql`
      select 'invoice ' || i.number || ' paid ' || i.paid_minor || ' but its payments less refunds are ' || coalesce(p.net, 0) as what
      from invoices i
      left join (select invoice_id, sum(case kind when 'payment' then amount_minor else -amount_minor end) as net
                   from payments group by invoice_id) p on p.invoice_id = i.id
      where i.paid_minor <> coalesce(p.net, 0)`)),
    ...(await rows(sql`
      select 'entitlement ' || s.entitlement_id || ' credits ' || coalesce(s.credits_left, 0) || '/' || s.credits_held
        || ' but its ledger says ' || l.credits || '/' || l.held as what
      from entitlement_state s
      join (select entitlement_id, sum(credits_delta) as credits, sum(held_delta) as held
              from entitlement_ledger group by entitlement_id) l on l.entitlement_id = s.entitlement_id
      where s.credits_left is not null and (s.credits_left <> l.credits or s.credits_held <> l.held)`)),
    ...(await rows(sql`
      select 'entitlement ' || entitlement_id || ' has ' || sum(credits_delta) || ' credits' as what
      from entitlement_ledger group by entitlement_id having sum(credits_delta) < 0`)),
    ...(await rows(sql`
      select 'class ' || c.id || ' has ' || count(*) || ' booked for ' || c.capacity || ' places' as what
      from bookings b join classes c on c.id = b.class_id
      where b.status in ('booked', 'attended')
      group by c.id, c.capacity having count(*) > c.capacity`)),
    ...(await rows(sql`
      select 'scan ' || scan_id || ' recorded ' || count(*) || ' entries' as what
      from entries where scan_id is not null group by organisation_id, scan_id having count(*) > 1`)),
    ...(await rows(sql`
      select 'order ' || o.id || ' succeeded but its item ' || i.id || ' holds no payment' as what
      from payment_orders o join payment_order_items i on i.order_id = o.id
      where o.state = 'succeeded' and o.review_reason is null and i.payment_id is null`)),
    ...(await rows(sql`
      select 'order ' || o.id || ' is ' || o.state || ' but its item ' || i.id || ' holds a payment' as what
      from payment_orders o join payment_order_items i on i.order_id = o.id
      where o.state <> 'succeeded' and i.payment_id is not null`)),
    ...(await rows(sql`
      select 'order item ' || i.id || ' is for ' || i.amount_minor || ' but its payment is ' || p.amount_minor as what
      from payment_order_items i join payments p on p.id = i.payment_id
      where p.amount_minor <> i.amount_minor`)),
    ...(await rows(sql`
      select 'payment ' || payment_id || ' is held by ' || count(*) || ' order items' as what
      from payment_order_items where payment_id is not null group by payment_id having count(*) > 1`)),
    ...(await rows(sql`
      select 'provider event ' || provider || ' ' || event_id || ' stored ' || count(*) || ' times' as what
      from payment_webhook_events group by organisation_id, provider, event_id having count(*) > 1`)),
  ];
}
