import { BOOKING_CODES, CLASS_CODES, COURSE_FULL } from '@gym/contract/classes';
import { describe, expect, it } from 'vitest';
import enClasses from '../../locales/en/classes.json';
import enSales from '../../locales/en/sales.json';
import { ATTENDANCE_OPENS_MS, attendanceOpen, markableStatus } from './attendance';
import {
  attendanceCell,
  type CourseRoster,
  firstSessionDate,
  rosterSummary,
  sessionsLeft,
  sessionWhen,
} from './courseSessions';

const HK = 'Asia/Hong_Kong';

function session(change: Partial<CourseRoster['sessions'][number]> = {}): CourseRoster['sessions'][number] {
  return {
    classId: 'c1',
    number: 1,
    date: '2026-03-02',
    startTime: '18:00',
    endTime: '19:00',
    // 18:00 in Hong Kong (UTC+8).
    startsAt: '2026-03-02T10:00:00.000Z',
    endsAt: '2026-03-02T11:00:00.000Z',
    room: { id: 'r1', name: 'Pool' },
    teacher: { id: 't1', name: 'Tina' },
    status: 'scheduled',
    booked: 3,
    attended: 0,
    ...change,
  };
}

function enrolment(
  status: string,
  attendance: CourseRoster['enrolments'][number]['attendance'] = [],
): CourseRoster['enrolments'][number] {
  return {
    entitlementId: `e-${status}`,
    member: { id: 'm1', code: 'DF0001', name: 'Tai Man Chan' },
    enrolledOn: '2026-02-20',
    status,
    attended: 0,
    attendance,
  };
}

describe('a short course’s header', () => {
  it('counts scheduled sessions (not cancelled ones) and members holding a place', () => {
    const roster = {
      sessions: [session(), session({ classId: 'c2', status: 'cancelled', number: null }), session({ classId: 'c3' })],
      enrolments: [enrolment('active'), enrolment('pending'), enrolment('used_up'), enrolment('refunded')],
    };
    expect(rosterSummary(roster)).toEqual({ scheduled: 2, enrolled: 3 });
    expect(rosterSummary({ sessions: [], enrolments: [enrolment('transferred')] })).toEqual({
      scheduled: 0,
      enrolled: 0,
    });
  });

  it('leaves the sessions not yet scheduled, never fewer than none', () => {
    expect(sessionsLeft(8, 3)).toBe(5);
    expect(sessionsLeft(8, 8)).toBe(0);
    expect(sessionsLeft(8, 9)).toBe(0);
  });
});

describe('where planning more sessions starts', () => {
  it('on the course’s first day while it is ahead, else today', () => {
    expect(firstSessionDate('2026-04-01', '2026-03-15')).toBe('2026-04-01');
    expect(firstSessionDate('2026-03-15', '2026-03-15')).toBe('2026-03-15');
    expect(firstSessionDate('2026-03-01', '2026-03-15')).toBe('2026-03-15');
    expect(firstSessionDate(null, '2026-03-15')).toBe('2026-03-15');
  });
});

describe('when a session is held', () => {
  it('reads the centre’s wall clock in the screen’s language, whatever the device’s zone', () => {
    expect(sessionWhen('en', HK, session())).toEqual({ day: 'Mon 02/03', time: '18:00–19:00' });
    expect(sessionWhen('de', HK, session())).toEqual({ day: 'Mo., 02.03.', time: '18:00–19:00' });
    expect(sessionWhen('zh-Hant', HK, session()).time).toBe('18:00–19:00');
    // The same instants in London are 10:00–11:00.
    expect(sessionWhen('en', 'Europe/London', session()).time).toBe('10:00–11:00');
    expect(sessionWhen('en', HK, session({ startsAt: 'nonsense' }))).toEqual({ day: '', time: '' });
  });
});

describe('one cell of the attendance matrix', () => {
  const now = Date.parse('2026-03-02T10:30:00.000Z');
  const booked = enrolment('active', [{ bookingId: 'b1', status: 'booked' }, null]);

  it('is empty without a booking (enrolled after the session)', () => {
    expect(attendanceCell(booked, 1, session(), true, now)).toEqual({ kind: 'none' });
    expect(attendanceCell(enrolment('active', []), 0, session(), true, now)).toEqual({ kind: 'none' });
  });

  it('may be marked once the session’s attendance is open, by those who may take it', () => {
    expect(attendanceCell(booked, 0, session(), true, now)).toEqual({
      kind: 'booking',
      bookingId: 'b1',
      status: 'booked',
      markable: true,
    });
    expect(attendanceCell(booked, 0, session(), false, now)).toMatchObject({ markable: false });
    // A day before: not yet.
    expect(attendanceCell(booked, 0, session(), true, now - 86_400_000)).toMatchObject({ markable: false });
    expect(attendanceCell(booked, 0, session({ status: 'cancelled' }), true, now)).toMatchObject({ markable: false });
    const cancelled = enrolment('active', [{ bookingId: 'b2', status: 'cancelled' }]);
    expect(attendanceCell(cancelled, 0, session(), true, now)).toMatchObject({ status: 'cancelled', markable: false });
    const noShow = enrolment('active', [{ bookingId: 'b3', status: 'no_show' }]);
    expect(attendanceCell(noShow, 0, session(), true, now)).toMatchObject({ markable: true });
  });
});

describe('when attendance may be taken', () => {
  it('from an hour before a scheduled class, on booked, attended and no-show bookings', () => {
    const startsAt = '2026-03-02T10:00:00.000Z';
    const start = Date.parse(startsAt);
    expect(attendanceOpen({ status: 'scheduled', startsAt }, start - ATTENDANCE_OPENS_MS)).toBe(true);
    expect(attendanceOpen({ status: 'scheduled', startsAt }, start - ATTENDANCE_OPENS_MS - 1)).toBe(false);
    expect(attendanceOpen({ status: 'cancelled', startsAt }, start)).toBe(false);
    expect(
      ['booked', 'attended', 'no_show', 'waitlisted', 'cancelled', 'late_cancelled'].map((s) =>
        markableStatus(s as never),
      ),
    ).toEqual([true, true, true, false, false, false]);
  });
});

describe('the refusals of classes, bookings and a full course', () => {
  it('each have words of their own', () => {
    const classErrors = enClasses.errors as Record<string, string>;
    const missing = [...Object.values(CLASS_CODES), ...Object.values(BOOKING_CODES)].filter(
      (code) => !classErrors[code],
    );
    expect(missing).toEqual([]);
    expect((enSales.fieldErrors as Record<string, string>)[COURSE_FULL]).toBeTruthy();
  });
});
