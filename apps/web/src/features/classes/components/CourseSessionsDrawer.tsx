import '../classes.css';
import { PlusOutlined } from '@ant-design/icons';
import type { AttendanceMark } from '@gym/contract/classes';
import { Button, Drawer, Dropdown, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../../shared/acl';
import { useCentreToday } from '../../../shared/today';
import { SectionTable } from '../../../shared/ui/OneLineTable';
import { EmptyState, QueryState } from '../../../shared/ui/ScreenStates';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { useMediaQuery } from '../../../shared/useMediaQuery';
import { type ShortCourse, useShortCourse } from '../../catalogue/api';
import { memberPath } from '../../members/paths';
import { useCourseRoster } from '../api';
import {
  attendanceCell,
  type CourseEnrolment,
  type CourseRoster,
  type CourseSession,
  firstSessionDate,
  rosterSummary,
  sessionsLeft,
  sessionWhen,
} from '../courseSessions';
import { useAttendanceRight, useSetAttendance } from '../useAttendance';
import { ClassDrawer, type ClassDrawerTarget } from './ClassDrawer';
import { BookingStatusIcon } from './ClassParts';

/**
 * A short course's sessions and attendance: the course (centre, sessions scheduled of those it
 * sells, members enrolled of its places), its sessions in time order (cancelled ones too), and a
 * matrix of every enrolled member's booking in each session, where a session's attendance is
 * taken once it is open. "Schedule sessions" plans what is left of the course in the class drawer.
 */
export function CourseSessionsDrawer({ courseId, onClose }: { courseId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 1000px)');
  const roster = useCourseRoster(courseId);
  // The course as the catalogue has it: its first day, and the counts the course list shows.
  const item = useShortCourse(courseId ?? undefined);
  return (
    <Drawer
      open={Boolean(courseId)}
      onClose={onClose}
      size={wide ? 960 : '100%'}
      destroyOnHidden
      title={roster.data ? roster.data.course.name : t('classes:course.title')}
      data-testid="course-sessions"
    >
      {courseId && (
        <QueryState query={roster}>{(data) => <CourseRosterView roster={data} item={item.data} />}</QueryState>
      )}
    </Drawer>
  );
}

function CourseRosterView({ roster, item }: { roster: CourseRoster; item: ShortCourse | undefined }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const centreToday = useCentreToday();
  const [planning, setPlanning] = useState<ClassDrawerTarget | null>(null);
  const { course } = roster;
  const { scheduled, enrolled } = item ?? rosterSummary(roster);
  const left = sessionsLeft(course.sessions, scheduled);
  const language = i18n.resolvedLanguage ?? 'en';

  const schedule = () => {
    const startsOn = item?.startsOn ?? null;
    setPlanning({
      classId: null,
      date: firstSessionDate(startsOn, centreToday(course.center.id)),
      centerId: course.center.id,
      shortCourse: { id: course.id, name: course.name, centerId: course.center.id, sessionsLeft: left, startsOn },
    });
  };

  return (
    <div className="course-roster">
      <div className="course-roster__header" data-testid="course-header">
        <div className="course-roster__what">
          <span className="course-roster__centre" data-testid="course-centre">
            {course.center.name} ({course.center.code})
          </span>
          {!course.active && <StatusTag tone="neutral">{t('classes:course.inactive')}</StatusTag>}
          <dl className="course-roster__facts">
            <div>
              <dt>{t('classes:course.scheduled')}</dt>
              <dd data-testid="course-scheduled">
                {t('classes:course.xOfY', { done: scheduled, total: course.sessions })}
              </dd>
            </div>
            <div>
              <dt>{t('classes:course.enrolled')}</dt>
              <dd data-testid="course-enrolled">
                {t('classes:course.xOfY', { done: enrolled, total: course.capacity })}
              </dd>
            </div>
          </dl>
        </div>
        {ability.can('create', 'Class') && (
          <Tooltip
            title={
              left === 0
                ? t('classes:course.allScheduled')
                : course.active
                  ? undefined
                  : t('classes:errors.course_inactive')
            }
          >
            {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
            <span className="course-roster__schedule">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={left === 0 || !course.active}
                onClick={schedule}
                data-testid="course-schedule"
              >
                {t('classes:course.schedule')}
              </Button>
            </span>
          </Tooltip>
        )}
      </div>

      <h3 className="course-roster__heading">{t('classes:course.sessionsHeading')}</h3>
      {roster.sessions.length === 0 ? (
        <EmptyState description={t('classes:course.noSessions')} />
      ) : (
        <SessionsTable roster={roster} language={language} />
      )}

      <h3 className="course-roster__heading">{t('classes:course.attendanceHeading')}</h3>
      {roster.enrolments.length === 0 ? (
        <EmptyState description={t('classes:course.noEnrolments')} />
      ) : (
        <AttendanceMatrix roster={roster} language={language} />
      )}
      <ClassDrawer target={planning} onClose={() => setPlanning(null)} />
    </div>
  );
}

function SessionsTable({ roster, language }: { roster: CourseRoster; language: string }) {
  const { t } = useTranslation();
  return (
    <SectionTable<CourseSession>
      rowKey="classId"
      dataSource={roster.sessions}
      data-testid="course-session-table"
      rowClassName={(s) => `course-session course-session--${s.status}`}
      columns={[
        {
          key: 'number',
          title: t('classes:course.number'),
          align: 'right',
          render: (_: unknown, s: CourseSession) => <span data-testid="course-session-number">{s.number ?? '–'}</span>,
        },
        {
          key: 'when',
          title: t('classes:course.when'),
          render: (_: unknown, s: CourseSession) => {
            const when = sessionWhen(language, roster.course.timeZone, s);
            return (
              <div className="class-time" data-testid="course-session-when">
                <span>{when.day}</span>
                <span className="class-time__end">{when.time}</span>
              </div>
            );
          },
        },
        { key: 'room', title: t('classes:fields.room'), render: (_: unknown, s: CourseSession) => s.room.name },
        {
          key: 'teacher',
          title: t('classes:fields.teacher'),
          render: (_: unknown, s: CourseSession) => s.teacher.name,
        },
        {
          key: 'booked',
          title: t('classes:course.booked'),
          align: 'right',
          render: (_: unknown, s: CourseSession) => s.booked,
        },
        {
          key: 'attended',
          title: t('classes:course.attended'),
          align: 'right',
          render: (_: unknown, s: CourseSession) => s.attended,
        },
        {
          key: 'status',
          title: t('classes:fields.status'),
          render: (_: unknown, s: CourseSession) =>
            s.status === 'cancelled' ? (
              <Tag color="#5d596c" data-testid="course-session-cancelled">
                {t('classes:status.cancelled')}
              </Tag>
            ) : null,
        },
      ]}
    />
  );
}

/** One row per enrolled member, one column per session; the member's column stays while the sessions scroll. */
function AttendanceMatrix({ roster, language }: { roster: CourseRoster; language: string }) {
  const { t } = useTranslation();
  const mayMark = useAttendanceRight();
  const attendance = useSetAttendance();
  const now = Date.now();
  const when = roster.sessions.map((s) => sessionWhen(language, roster.course.timeZone, s));
  return (
    <section
      className="course-matrix"
      aria-label={t('classes:course.attendanceHeading')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways is reached by keyboard to scroll it
      tabIndex={0}
      data-testid="course-matrix"
    >
      <table>
        <thead>
          <tr>
            <th scope="col" className="course-matrix__member">
              {t('classes:fields.member')}
            </th>
            {roster.sessions.map((s, i) => (
              <th
                key={s.classId}
                scope="col"
                className={`course-matrix__session course-matrix__session--${s.status}`}
                data-testid="course-matrix-session"
              >
                <Tooltip title={`${when[i]!.day} ${when[i]!.time}`}>
                  <span className="course-matrix__number">{s.number ?? '–'}</span>
                </Tooltip>
                <span className="course-matrix__day">{when[i]!.day}</span>
                {s.status === 'cancelled' && <span className="sr-only">{t('classes:status.cancelled')}</span>}
              </th>
            ))}
            <th scope="col" className="course-matrix__total">
              {t('classes:course.attended')}
            </th>
          </tr>
        </thead>
        <tbody>
          {roster.enrolments.map((e) => (
            <tr key={e.entitlementId} data-testid="course-matrix-row" data-member-id={e.member.id}>
              <th scope="row" className="course-matrix__member">
                <Link to={memberPath(e.member.id)} data-testid="course-matrix-member">
                  {e.member.name}
                </Link>
                <span className="course-matrix__code mono">{e.member.code}</span>
                {/* Active, or every session booked (`used_up`): the usual; anything else is said. */}
                {e.status !== 'active' && e.status !== 'used_up' && (
                  <Tag className="course-matrix__status" data-testid="course-enrolment-status">
                    {t(`classes:course.enrolmentStatus.${e.status}`, { defaultValue: e.status })}
                  </Tag>
                )}
              </th>
              {roster.sessions.map((s, i) => (
                <td key={s.classId} className={`course-matrix__cell course-matrix__cell--${s.status}`}>
                  <MatrixCell
                    enrolment={e}
                    session={s}
                    index={i}
                    day={when[i]!.day}
                    mayMark={mayMark(s.teacher.id)}
                    now={now}
                    pending={attendance.pending}
                    onMark={(bookingId, mark) => attendance.set({ id: bookingId, memberId: e.member.id }, mark)}
                  />
                </td>
              ))}
              <td className="course-matrix__total" data-testid="course-matrix-attended">
                {e.attended}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function MatrixCell({
  enrolment,
  session,
  index,
  day,
  mayMark,
  now,
  pending,
  onMark,
}: {
  enrolment: CourseEnrolment;
  session: CourseSession;
  index: number;
  day: string;
  mayMark: boolean;
  now: number;
  pending: boolean;
  onMark: (bookingId: string, mark: AttendanceMark) => void;
}) {
  const { t } = useTranslation();
  const cell = attendanceCell(enrolment, index, session, mayMark, now);
  const where = {
    name: enrolment.member.name,
    number: session.number ?? '–',
    day,
  };
  const common = {
    'data-testid': 'course-cell',
    'data-member-id': enrolment.member.id,
    'data-class-id': session.classId,
  };
  if (cell.kind === 'none') {
    const status = t('classes:course.notBooked');
    return (
      <Tooltip title={status}>
        <span
          className="course-cell course-cell--none"
          role="img"
          aria-label={t('classes:course.cellAria', { ...where, status })}
          data-status="none"
          {...common}
        >
          –
        </span>
      </Tooltip>
    );
  }
  const status = t(`classes:bookingStatus.${cell.status}`);
  const label = t('classes:course.cellAria', { ...where, status });
  if (!cell.markable) {
    return (
      <Tooltip title={status}>
        <span className="course-cell" role="img" aria-label={label} data-status={cell.status} {...common}>
          <BookingStatusIcon status={cell.status} />
        </span>
      </Tooltip>
    );
  }
  // The tooltip listens on a wrapper: the dropdown owns the button's clicks and keys.
  return (
    <Tooltip title={`${status} · ${t('classes:course.markHint')}`}>
      <span className="course-cell__wrap">
        <Dropdown
          trigger={['click']}
          autoFocus
          disabled={pending}
          menu={{
            selectable: true,
            selectedKeys: cell.status === 'attended' || cell.status === 'no_show' ? [cell.status] : [],
            items: [
              { key: 'attended', label: t('classes:attendance.attended'), 'data-testid': 'course-mark-attended' },
              { key: 'no_show', label: t('classes:attendance.noShow'), 'data-testid': 'course-mark-no_show' },
            ],
            onClick: ({ key }) => {
              if (key !== cell.status) onMark(cell.bookingId, key as AttendanceMark);
            },
          }}
        >
          <Button
            size="small"
            type="text"
            className="course-cell course-cell--markable"
            aria-label={`${label}. ${t('classes:course.markHint')}`}
            aria-haspopup="menu"
            data-status={cell.status}
            data-markable="true"
            {...common}
          >
            <BookingStatusIcon status={cell.status} />
          </Button>
        </Dropdown>
      </span>
    </Tooltip>
  );
}
