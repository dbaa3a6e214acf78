import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createRequest, initialValues, updateRequest, type Values } from './components/classForm';

const target = { classId: null, date: '2026-12-07', centerId: 'cwb' } as const;
const today = '2026-12-01';

function filled(change: Partial<Values> = {}): Values {
  return {
    ...initialValues(target, undefined, today),
    classTypeId: 'yoga',
    startTime: dayjs('2026-12-07T18:30'),
    durationMinutes: 60,
    roomId: 'studio',
    teacherId: 'tina',
    capacity: 12,
    credits: 1,
    ...change,
  };
}

describe('the class form', () => {
  it('plans a one-off class at its day and time, with its own places and credits', () => {
    const body = createRequest(filled(), null);
    expect(body).toMatchObject({ date: '2026-12-07', startTime: '18:30', capacity: 12, credits: 1, mode: 'in_house' });
    expect(body).not.toHaveProperty('recurrence');
  });

  it("plans a short course's sessions weekly, on the course's credits and places", () => {
    const course = { id: 'course', name: 'Pilates', centerId: 'cwb', sessionsLeft: 6, startsOn: '2026-12-03' };
    const start = initialValues({ ...target, shortCourse: course }, undefined, today);
    expect(start).toMatchObject({ repeats: true, count: 6, weekdays: [4] });
    const body = createRequest({ ...filled(), repeats: true, weekdays: [4], count: 6 }, course);
    expect(body).toMatchObject({ shortCourseId: 'course', recurrence: { weekdays: [4], count: 6, until: null } });
    expect(body).not.toHaveProperty('capacity');
    expect(body).not.toHaveProperty('mode');
  });

  it('sends only what an edit changed, and neither mode nor credits for a course session', () => {
    const initial = filled();
    expect(updateRequest({ ...initial, capacity: 14 }, initial, 'all', false)).toEqual({ scope: 'all', capacity: 14 });
    expect(updateRequest({ ...initial, credits: 2, mode: 'rental' }, initial, 'one', true)).toEqual({ scope: 'one' });
  });
});
