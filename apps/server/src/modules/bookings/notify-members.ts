import { CLASS_EVENTS } from '@gym/contract/classes';
import { wallClock } from '@gym/contract/time';
import { and, eq } from 'drizzle-orm';
import { centers, members } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { DeliveredEvent } from '../../lib/outbox.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * E-mails members about their bookings, from the outbox after the command committed: a class
 * cancelled (credits returned) and a place given from the waitlist. The mail is written to the mail
 * outbox (relayed by SMTP when configured). Members without an e-mail address get none.
 */
export function registerBookingMail(deps: Pick<AppDeps, 'database' | 'mailer' | 'outbox'>): void {
  const { db } = deps.database;
  const send = async (event: DeliveredEvent, subject: (when: string, name: string) => string, body: string) => {
    const p = event.payload as { memberId: string; startsAt: string; className: string; centerName?: string };
    const [member] = await db
      .select({ email: members.email, firstName: members.firstName })
      .from(members)
      .where(and(eq(members.organisationId, event.organisationId), eq(members.id, p.memberId)));
    if (!member?.email) return;
    const [center] = event.centerId
      ? await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, event.centerId))
      : [];
    const w = wallClock(new Date(p.startsAt), center?.timeZone ?? 'UTC');
    const when = `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
    const id = await deps.mailer.enqueue(db, {
      organisationId: event.organisationId,
      to: member.email,
      subject: subject(when, p.className),
      text: `${member.firstName},\n\n${body}\n\n${p.className} · ${when}${p.centerName ? ` · ${p.centerName}` : ''}\n`,
    });
    await deps.mailer.flush(id);
  };
  deps.outbox.onEvent(CLASS_EVENTS.classCancelled, 'booking-mail', (event) =>
    send(
      event,
      (when, name) => `Class cancelled: ${name}, ${when}`,
      'This class has been cancelled. Your booking is cancelled and any credit it used is back on your package.',
    ),
  );
  deps.outbox.onEvent(CLASS_EVENTS.bookingPromoted, 'booking-mail', (event) =>
    send(
      event,
      (when, name) => `You have a place: ${name}, ${when}`,
      'A place has freed up and you have been moved from the waitlist into this class.',
    ),
  );
}
