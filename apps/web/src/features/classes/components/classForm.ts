/** The class form's values: what a new class or an edited one starts with, and the request each sends. */
import {
  CLASS_DEFAULTS,
  type CLASS_MODES,
  type CreateClassRequest,
  type EditScope,
  type UpdateClassRequest,
} from '@gym/contract/classes';
import dayjs, { type Dayjs } from 'dayjs';
import type { ClassDetail } from '../api';
import { firstSessionDate } from '../courseSessions';
import type { PickedMember } from './MemberPicker';

/**
 * The short course new classes are sessions of: at its centre, `sessionsLeft` of them by default,
 * from its first day (`startsOn`) when that is still ahead.
 */
export interface SessionsOfCourse {
  id: string;
  name: string;
  centerId: string;
  sessionsLeft: number;
  startsOn: string | null;
}

/** A new class (on a day, at a centre; or sessions of a short course) or an existing one (with its series, for the edit's scope). */
export type ClassDrawerTarget =
  | { classId: null; date: string; centerId: string | null; startTime?: string; shortCourse?: SessionsOfCourse }
  | { classId: string; seriesId: string | null };

type Ends = 'until' | 'count';
export interface Values {
  centerId: string | null;
  classTypeId: string | null;
  date: Dayjs;
  startTime: Dayjs | null;
  durationMinutes: number | null;
  roomId: string | null;
  teacherId: string | null;
  capacity: number | null;
  credits: number | null;
  bookingOpensDaysBefore: number | null;
  bookingClosesMinutesBefore: number | null;
  cancellationWindowMinutes: number | null;
  mode: (typeof CLASS_MODES)[number];
  /** A rental class's renter: the outside teacher's member record, whose rental package pays the room. */
  renterMemberId: PickedMember | null;
  notes: string;
  repeats: boolean;
  weekdays: number[];
  everyWeeks: number | null;
  ends: Ends;
  until: Dayjs | null;
  count: number | null;
}

export const FIELDS = [
  'centerId',
  'classTypeId',
  'date',
  'startTime',
  'durationMinutes',
  'roomId',
  'teacherId',
  'capacity',
  'credits',
  'bookingOpensDaysBefore',
  'bookingClosesMinutesBefore',
  'cancellationWindowMinutes',
  'mode',
  'renterMemberId',
  'notes',
  'recurrence',
  'weekdays',
  'everyWeeks',
  'until',
  'count',
] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** ISO weekday (1 Monday … 7 Sunday) of a business date. */
const isoWeekday = (date: Dayjs) => ((date.day() + 6) % 7) + 1;

/** `today`: the business date at the course's centre, for sessions of a short course. */
export function initialValues(target: ClassDrawerTarget, detail: ClassDetail | undefined, today: string): Values {
  if (target.classId !== null && detail) {
    return {
      centerId: detail.center.id,
      classTypeId: detail.type.id,
      date: dayjs(detail.date),
      startTime: dayjs(`${detail.date}T${detail.startTime}`),
      durationMinutes: detail.durationMinutes,
      roomId: detail.room.id,
      teacherId: detail.teacher.id,
      capacity: detail.capacity,
      credits: detail.credits,
      bookingOpensDaysBefore: detail.bookingOpensDaysBefore,
      bookingClosesMinutesBefore: detail.bookingClosesMinutesBefore,
      cancellationWindowMinutes: detail.cancellationWindowMinutes,
      mode: detail.mode,
      renterMemberId: detail.renter ? { id: detail.renter.id, label: detail.renter.name } : null,
      notes: detail.notes ?? '',
      repeats: false,
      weekdays: [],
      everyWeeks: 1,
      ends: 'count',
      until: null,
      count: null,
    };
  }
  const course = target.classId === null ? target.shortCourse : undefined;
  const date = dayjs(
    course ? firstSessionDate(course.startsOn, today) : target.classId === null ? target.date : undefined,
  );
  return {
    centerId: course ? course.centerId : target.classId === null ? target.centerId : null,
    classTypeId: null,
    date,
    startTime: target.classId === null && target.startTime ? dayjs(`${target.date}T${target.startTime}`) : null,
    durationMinutes: null,
    roomId: null,
    teacherId: null,
    capacity: null,
    credits: null,
    bookingOpensDaysBefore: CLASS_DEFAULTS.bookingOpensDaysBefore,
    bookingClosesMinutesBefore: CLASS_DEFAULTS.bookingClosesMinutesBefore,
    cancellationWindowMinutes: CLASS_DEFAULTS.cancellationWindowMinutes,
    mode: CLASS_DEFAULTS.mode,
    renterMemberId: null,
    notes: '',
    // A course's sessions are a weekly series of what is left of it.
    repeats: Boolean(course),
    weekdays: [isoWeekday(date)],
    everyWeeks: 1,
    ends: 'count',
    until: null,
    count: course ? Math.max(1, course.sessionsLeft) : 10,
  };
}

const optional = (n: number | null) => (n === null || n === undefined ? undefined : Number(n));

/** A new class (or series, or sessions of `course`): a course's sessions take its credits, mode and places. */
export function createRequest(v: Values, course: SessionsOfCourse | null): CreateClassRequest {
  return {
    centerId: v.centerId!,
    roomId: v.roomId!,
    teacherId: v.teacherId!,
    classTypeId: v.classTypeId!,
    date: v.date.format('YYYY-MM-DD'),
    startTime: v.startTime ? v.startTime.format('HH:mm') : '',
    durationMinutes: optional(v.durationMinutes),
    bookingOpensDaysBefore: optional(v.bookingOpensDaysBefore),
    bookingClosesMinutesBefore: optional(v.bookingClosesMinutesBefore),
    cancellationWindowMinutes: optional(v.cancellationWindowMinutes),
    ...(course
      ? { shortCourseId: course.id }
      : {
          capacity: optional(v.capacity),
          credits: optional(v.credits),
          mode: v.mode,
          ...(v.mode === 'rental' ? { renterMemberId: v.renterMemberId?.id ?? null, credits: undefined } : {}),
        }),
    notes: v.notes.trim() || null,
    ...(v.repeats
      ? {
          recurrence: {
            weekdays: [...v.weekdays].sort(),
            everyWeeks: Number(v.everyWeeks ?? 1),
            ...(v.ends === 'until'
              ? { until: v.until ? v.until.format('YYYY-MM-DD') : null, count: null }
              : { count: Number(v.count), until: null }),
            exceptions: [],
          },
        }
      : {}),
  };
}

/**
 * An edit sends what changed only: with "all", an untouched field keeps each class's own value.
 * `ofCourse`: a session of a short course, which stays in-house (neither mode, renter nor credits).
 */
export function updateRequest(v: Values, initial: Values, scope: EditScope, ofCourse: boolean): UpdateClassRequest {
  const startTime = v.startTime ? v.startTime.format('HH:mm') : '';
  const date = v.date.format('YYYY-MM-DD');
  const body: UpdateClassRequest = { scope };
  const changed = <K extends keyof Values>(key: K) => v[key] !== initial[key];
  if (changed('roomId')) body.roomId = v.roomId!;
  if (changed('teacherId')) body.teacherId = v.teacherId!;
  if (changed('classTypeId')) body.classTypeId = v.classTypeId!;
  if (date !== initial.date.format('YYYY-MM-DD')) body.date = date;
  if (startTime !== initial.startTime?.format('HH:mm')) body.startTime = startTime;
  for (const key of [
    'durationMinutes',
    'capacity',
    ...(ofCourse ? [] : (['credits'] as const)),
    'bookingOpensDaysBefore',
    'bookingClosesMinutesBefore',
    'cancellationWindowMinutes',
  ] as const) {
    if (v[key] !== null && Number(v[key]) !== initial[key]) body[key] = Number(v[key]);
  }
  if (!ofCourse && v.mode !== initial.mode) body.mode = v.mode;
  if (!ofCourse && v.mode === 'rental' && v.renterMemberId?.id !== initial.renterMemberId?.id) {
    body.renterMemberId = v.renterMemberId?.id ?? null;
  }
  // A rental class is paid to its teacher: the server keeps its credits at 0.
  if (v.mode === 'rental') delete body.credits;
  if (v.notes.trim() !== initial.notes) body.notes = v.notes.trim() || null;
  return body;
}
