import { CLASS_EVENTS } from '@gym/contract/classes';
import { wallClock } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import { centers, members } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { DeliveredEvent } from '../../lib/outbox.ts';
import { bookingMailWords } from './mail-words.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * E-mails members about their bookings, from the outbox after the command committed: a class
 * cancelled (credits returned) and a place given from the waitlist. The mail is written to the mail
 * outbox (relayed by SMTP when configured), in the member's own language. Members without an e-mail
 * address get none.
 */
export function registerBookingMail(deps: Pick<AppDeps, 'database' | 'mailer' | 'outbox'>): void {
  const { db } = deps.database;
  type Kind = 'cancelled' | 'promoted';
  const send = async (event: DeliveredEvent, kind: Kind) => {
    const p = event.payload as { memberId: string; startsAt: string; className: string; centerName?: string };
    const [member] = await db
      .select({ email: members.email, firstName: members.firstName, language: members.language })
      .from(members)
      .where(and(eq(members.organisationId, event.organisationId), eq(members.id, p.memberId)));
    if (!member?.email) return;
    const [center] = event.centerId
      ? await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, event.centerId))
      : [];
    const w = wallClock(new Date(p.startsAt), center?.timeZone ?? 'UTC');
    const when = `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
    const words = bookingMailWords(member.language);
    const subject =
      kind === 'cancelled' ? words.cancelledSubject(p.className, when) : words.promotedSubject(p.className, when);
    const body = kind === 'cancelled' ? words.cancelledBody : words.promotedBody;
    const id = await deps.mailer.enqueue(db, {
      organisationId: event.organisationId,
      to: member.email,
      subject,
      text: `${words.greeting(member.firstName)}\n\n${body}\n\n${p.className} · ${when}${p.centerName ? ` · ${p.centerName}` : ''}\n`,
    });
    await deps.mailer.flush(id);
  };
  deps.outbox.onEvent(CLASS_EVENTS.classCancelled, 'booking-mail', (event) => send(event, 'cancelled'));
  deps.outbox.onEvent(CLASS_EVENTS.bookingPromoted, 'booking-mail', (event) => send(event, 'promoted'));
}
