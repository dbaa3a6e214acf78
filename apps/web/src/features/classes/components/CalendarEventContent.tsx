import { useTranslation } from 'react-i18next';
import type { PtSession } from '../../pt/api';
import type { ClassListItem } from '../api';
import { CourseSessionText } from './ClassParts';

/**
 * One event of the calendar: a PT session (its member, room and trainer; "done" once completed) or a
 * class (its type, room and teacher, rental and course session, places taken and the waitlist).
 */
export function CalendarEventContent({
  timeText,
  session,
  item: c,
}: {
  timeText: string;
  session?: PtSession | undefined;
  item?: ClassListItem | undefined;
}) {
  const { t } = useTranslation();
  if (session) {
    return (
      <div className="class-event pt-event__body" data-testid="calendar-pt-event" data-session-id={session.id}>
        <strong>
          {timeText} {t('classes:pt.short')} · {session.member.name}
        </strong>
        <span>
          {session.room ? `${session.room.name} · ` : ''}
          {session.trainer.name}
        </span>
        {session.status === 'completed' && <span>{t('classes:pt.status.completed')}</span>}
      </div>
    );
  }
  if (!c) return null;
  return (
    <div
      className={`class-event${c.mode === 'rental' ? ' class-event--rental' : ''}`}
      data-testid="calendar-event"
      data-class-id={c.id}
      data-mode={c.mode}
      data-course={c.shortCourse?.id}
      title={[
        `${c.startTime}–${c.endTime} ${c.type.name}`,
        `${c.room.name} · ${c.teacher.name}`,
        ...(c.shortCourse
          ? [
              t('classes:course.sessionOf', {
                name: c.shortCourse.name,
                number: c.shortCourse.number,
                sessions: c.shortCourse.sessions,
              }),
            ]
          : []),
      ].join('\n')}
    >
      <strong>
        {timeText} {c.type.name}
      </strong>
      <span>
        {c.room.name} · {c.teacher.name}
      </span>
      {c.mode === 'rental' && (
        <span data-testid="calendar-event-rental">
          {t('classes:modes.rental')}
          {c.renter ? ` · ${t('classes:rental.rentedBy', { name: c.renter.name })}` : ''}
        </span>
      )}
      {c.shortCourse && (
        <span className="class-event__course" data-testid="class-course">
          <CourseSessionText course={c.shortCourse} />
        </span>
      )}
      <span>
        {c.booked}/{c.capacity}
        {c.waitlisted > 0 ? ` +${c.waitlisted}` : ''}
      </span>
    </div>
  );
}
