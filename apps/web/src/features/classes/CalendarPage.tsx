/**
 * `/calendar`: the classes of a centre by day, week or month (FullCalendar's free views), or one day
 * by room or by teacher: a column per room (teacher) built on the free time grid
 * (calendarColumns.ts; FullCalendar's resource columns are its paid plugin, decisions 247 and 289).
 * Colours are the class types'; room, teacher and type filter the calendar as they do the list. A
 * class dragged to another time, day or column (room, teacher), or stretched, is saved
 * through the server's update of that one class; a refusal puts it back and says why, naming the
 * class in the way when the server names one.
 *
 * Times are the centre's wall clock: events are given to FullCalendar as floating times in its `UTC`
 * zone, so a class at 18:00 shows at 18:00 whatever the device's zone, and a drop at 19:30 is sent as
 * `startTime: '19:30'` on the dropped day.
 *
 * PT sessions (booked and done) show beside the classes in a look of their own (white with the
 * trainer's colour bar, "PT"), not movable here: a click opens the member's package
 * (`/pt-detail/{id}`). With the teacher filter the calendar is that trainer's PT and class schedule,
 * and "Working hours" opens their hours and days off.
 */
import '../../shared/ui/listTable.css';
import './classes.css';
import type { EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { addDays, today as dayAt } from '@gym/contract/time';
import { Alert, App, Button, Card, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { useCenterId } from '../../shared/centerSelection';
import { useCenters } from '../../shared/centers';
import { formatLongDate } from '../../shared/dates';
import { useCentreTimeZone } from '../../shared/today';
import { ErrorState } from '../../shared/ui/ScreenStates';
import { type PtSession, usePtSessions } from '../pt/api';
import { TrainerHoursDrawer } from '../pt/TrainerHoursDrawer';
import {
  type ClassListItem,
  useClassList,
  useClassTypeOptions,
  useRoomOptions,
  useTeacherOptions,
  useUpdateClass,
} from './api';
import { COLUMN_BASE, type Column, columnIndex, columnsOf, dropTarget, placeIn } from './calendarColumns';
import { CALENDAR_LOCALES, calendarLocale, calendarNow, dayHeaderText } from './calendarDates';
import { VIEWS, type ViewKey, visibleRange } from './calendarRange';
import { classErrorMessage } from './classErrors';
import { type BookingsTarget, ClassBookingsDrawer } from './components/ClassBookingsDrawer';
import { ClassDrawer, type ClassDrawerTarget } from './components/ClassDrawer';
import { CourseSessionText } from './components/ClassParts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** What the calendar asks at most for one range (a month of a busy centre fits). */
const PAGE = 500;

const pad = (n: number) => String(n).padStart(2, '0');
/** A floating (UTC-zoned) instant's wall-clock date and time. */
const wallOf = (d: Date) => ({
  date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
  time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
});

/** The end of an item starting at `start` (a floating instant), past midnight when it ends before it starts. */
function endOf(start: string, startTime: string, endTime: string): string {
  const day = start.slice(0, 10);
  return `${endTime > startTime ? day : addDays(day, 1)}T${endTime}:00Z`;
}

/** The class a refusal names as being in the way (`details.conflict`), in words. */
function conflictText(error: unknown, t: (k: string, o?: Record<string, unknown>) => string): string | null {
  if (!isApiError(error) || !error.details) return null;
  const c = (error.details.conflict ?? error.details.class) as
    | { type?: { name?: string } | string; name?: string; date?: string; startTime?: string; room?: { name?: string } }
    | undefined;
  if (!c || typeof c !== 'object' || (c as { kind?: string }).kind === 'pt_session') return null;
  const name = typeof c.type === 'string' ? c.type : (c.type?.name ?? c.name ?? '');
  return t('classes:calendar.inTheWay', {
    name,
    date: c.date ?? '',
    time: c.startTime ?? '',
    room: c.room?.name ?? '',
  });
}

export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const ability = useAbility();
  const [search, setSearch] = useSearchParams();
  const currentCenterId = useCenterId();
  const centers = useCenters();
  const zoneOf = useCentreTimeZone();
  const update = useUpdateClass();
  const [viewing, setViewing] = useState<BookingsTarget | null>(null);
  const [planning, setPlanning] = useState<ClassDrawerTarget | null>(null);
  const [hoursOf, setHoursOf] = useState<{ id: string; name: string } | null>(null);
  const navigate = useNavigate();

  const param = (name: string, ok: (v: string) => boolean) => {
    const v = search.get(name);
    return v !== null && ok(v) ? v : null;
  };
  const view: ViewKey = (param('view', (v) => v in VIEWS) as ViewKey | null) ?? 'week';
  const centerId = param('center', (v) => UUID.test(v)) ?? currentCenterId ?? centers.data?.[0]?.id ?? null;
  const room = param('room', (v) => UUID.test(v));
  const teacher = param('teacher', (v) => UUID.test(v));
  const type = param('type', (v) => UUID.test(v));
  const timeZone = zoneOf(centerId);
  const today = dayAt(timeZone);
  const anchor = param('date', (v) => DATE.test(v)) ?? today;
  const { from, to } = visibleRange(view, anchor);

  const set = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: false },
    );

  const classes = useClassList(
    {
      from,
      to,
      pageSize: PAGE,
      sort: 'startsAt',
      status: 'scheduled',
      ...(centerId ? { center: centerId } : {}),
      ...(room ? { room } : {}),
      ...(teacher ? { teacher } : {}),
      ...(type ? { type } : {}),
    },
    { enabled: Boolean(centerId) },
  );
  // PT sessions of the same days (a class type filter shows classes only); cancelled ones are left out.
  const canReadPt = ability.can('read', 'PersonalTraining');
  const ptSessions = usePtSessions(
    {
      from,
      to,
      pageSize: PAGE,
      ...(centerId ? { center: centerId } : {}),
      ...(teacher ? { trainer: teacher } : {}),
    },
    canReadPt && Boolean(centerId) && !type,
  );
  const rooms = useRoomOptions(centerId);
  const canReadStaff = ability.can('read', 'Staff');
  const staff = useTeacherOptions(centerId, canReadStaff);
  const types = useClassTypeOptions();
  const canMove = ability.can('update', 'Class');
  const canCreate = ability.can('create', 'Class');

  const items = classes.data?.items ?? [];
  const sessions = useMemo(
    () =>
      type
        ? []
        : (ptSessions.data?.items ?? []).filter(
            (s) => (s.status === 'booked' || s.status === 'completed') && (!room || s.room?.id === room),
          ),
    [ptSessions.data, type, room],
  );
  // "By room" / "by teacher": the day's rooms (or teachers) as columns.
  const by = view === 'rooms' || view === 'teachers' ? view : null;
  const columns: Column[] = useMemo(() => {
    if (by === 'rooms') {
      return columnsOf(
        (rooms.data ?? []).map((r) => ({ id: r.id, name: r.name })),
        [
          ...items.map((c) => c.room),
          ...sessions.flatMap((s) => (s.room ? [{ id: s.room.id, name: s.room.name }] : [])),
        ],
        room,
      );
    }
    if (by === 'teachers') {
      return columnsOf(
        [],
        [...items.map((c) => c.teacher), ...sessions.map((s) => ({ id: s.trainer.id, name: s.trainer.name }))].sort(
          (a, b) => a.name.localeCompare(b.name),
        ),
        teacher,
      );
    }
    return [];
  }, [by, rooms.data, items, sessions, room, teacher]);
  const events: EventInput[] = useMemo(() => {
    /** Where an item shows: its own date and time, or (by room / teacher) its column's stand-in day. */
    const placed = (date: string, time: string, resourceId: string | null | undefined) =>
      by ? placeIn(columns, resourceId, time) : `${date}T${time}:00Z`;
    return [
      ...sessions
        .flatMap((s) => {
          const start = placed(s.date, s.startTime, by === 'rooms' ? s.room?.id : s.trainer.id);
          return start ? [{ s, start }] : [];
        })
        .map(({ s, start }) => ({
          id: `pt-${s.id}`,
          title: s.member.name,
          start,
          end: endOf(start, s.startTime, s.endTime),
          classNames: ['pt-event', `pt-event--${s.status}`],
          backgroundColor: '#ffffff',
          borderColor: '#0b5394',
          textColor: '#0b3d6e',
          editable: false,
          extendedProps: { session: s },
        })),
      ...items.flatMap((c) => {
        const start = placed(c.date, c.startTime, by === 'rooms' ? c.room.id : c.teacher.id);
        if (!start) return [];
        const started = Date.parse(c.startsAt) <= Date.now();
        return {
          id: c.id,
          title: c.type.name,
          start,
          end: endOf(start, c.startTime, c.endTime),
          backgroundColor: c.type.colour,
          borderColor: c.type.colour,
          textColor: '#fff',
          editable: canMove && !started,
          extendedProps: { item: c },
        };
      }),
    ];
  }, [items, sessions, canMove, by, columns]);

  const teacherName = teacher ? teacherOptionsName() : null;
  function teacherOptionsName() {
    return (
      staff.data?.find((s) => s.id === teacher)?.fullName ??
      items.find((c) => c.teacher.id === teacher)?.teacher.name ??
      sessions.find((s) => s.trainer.id === teacher)?.trainer.name ??
      ''
    );
  }
  const teacherOptions = canReadStaff
    ? (staff.data ?? []).map((s) => ({ value: s.id, label: s.fullName }))
    : [
        ...new Map([
          ...items.map((c) => [c.teacher.id, c.teacher.name] as const),
          ...sessions.map((s) => [s.trainer.id, s.trainer.name] as const),
        ]),
      ].map(([value, label]) => ({ value, label }));

  const refuse = (error: unknown) => {
    const inTheWay = conflictText(error, t);
    modal.error({
      title: t('classes:calendar.refused'),
      content: (
        <div data-testid="calendar-refusal">
          <p>{classErrorMessage(t, error)}</p>
          {inTheWay && <p data-testid="calendar-in-the-way">{inTheWay}</p>}
        </div>
      ),
      okText: t('classes:close'),
    });
  };

  const onDrop = (arg: EventDropArg) => {
    const item = arg.event.extendedProps.item as ClassListItem;
    const start = arg.event.start;
    if (!start) return arg.revert();
    // By room / teacher: the column is the room (teacher), the day stays.
    const target = by ? dropTarget(columns, start) : null;
    if (by && !target) return arg.revert();
    const wall = target ? { date: item.date, time: target.time } : wallOf(start);
    const current = by === 'rooms' ? item.room.id : item.teacher.id;
    const moved = target && target.resource.id !== current ? target.resource : null;
    const body = {
      scope: 'one' as const,
      ...(wall.date !== item.date ? { date: wall.date } : {}),
      ...(wall.time !== item.startTime ? { startTime: wall.time } : {}),
      ...(moved ? (by === 'rooms' ? { roomId: moved.id } : { teacherId: moved.id }) : {}),
    };
    update.mutate(
      { id: item.id, body },
      {
        onSuccess: () =>
          void message.success(
            moved
              ? t('classes:calendar.movedTo', { name: item.type.name, where: moved.name, time: wall.time })
              : t('classes:calendar.moved', { name: item.type.name, time: wall.time }),
          ),
        onError: (error) => {
          arg.revert();
          refuse(error);
        },
      },
    );
  };

  const onResize = (arg: EventResizeDoneArg) => {
    const item = arg.event.extendedProps.item as ClassListItem;
    const { start, end } = arg.event;
    if (!start || !end) return arg.revert();
    const durationMinutes = Math.round((end.getTime() - start.getTime()) / 60_000);
    update.mutate(
      { id: item.id, body: { scope: 'one', durationMinutes } },
      {
        onSuccess: () =>
          void message.success(t('classes:calendar.resized', { name: item.type.name, minutes: durationMinutes })),
        onError: (error) => {
          arg.revert();
          refuse(error);
        },
      },
    );
  };

  const language = i18n.resolvedLanguage ?? 'en';
  const dayTitle = formatLongDate(language, anchor);
  const truncated = (classes.data?.total ?? 0) > items.length;

  return (
    <div className="screen class-calendar" data-testid="screen-calendar">
      <Card>
        <fieldset className="list-filters" aria-label={t('classes:filters.label')}>
          <Select
            className="list-filters__select"
            aria-label={t('classes:fields.center')}
            value={centerId}
            loading={centers.isPending}
            popupMatchSelectWidth={false}
            onChange={(value: string) =>
              set({ center: value === currentCenterId ? null : value, room: null, teacher: null })
            }
            options={(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            data-testid="calendar-center"
          />
          <Select
            className="list-filters__select"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            popupMatchSelectWidth={false}
            placeholder={t('classes:filters.anyRoom')}
            aria-label={t('classes:fields.room')}
            value={room}
            onChange={(value: string | null | undefined) => set({ room: value ?? null })}
            options={(rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            data-testid="calendar-room"
          />
          <Select
            className="list-filters__select"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            popupMatchSelectWidth={false}
            placeholder={t('classes:filters.anyTeacher')}
            aria-label={t('classes:fields.teacher')}
            value={teacher}
            onChange={(value: string | null | undefined) => set({ teacher: value ?? null })}
            options={teacherOptions}
            data-testid="calendar-teacher"
          />
          <Select
            className="list-filters__select"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            popupMatchSelectWidth={false}
            placeholder={t('classes:filters.anyType')}
            aria-label={t('classes:fields.type')}
            value={type}
            onChange={(value: string | null | undefined) => set({ type: value ?? null })}
            options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            data-testid="calendar-type"
          />
          {teacher && canReadPt && (
            <Button
              onClick={() => setHoursOf({ id: teacher, name: teacherName ?? '' })}
              data-testid="calendar-trainer-hours"
            >
              {t('classes:pt.hours.open')}
            </Button>
          )}
        </fieldset>
        {classes.isError && !classes.data && (
          <ErrorState error={classes.error} onRetry={() => void classes.refetch()} />
        )}
        {truncated && (
          <Alert
            type="warning"
            showIcon
            className="class-form__error"
            title={t('classes:calendar.truncated', { shown: items.length, total: classes.data?.total ?? 0 })}
          />
        )}
        {by && (
          <p className="class-calendar__day" data-testid="calendar-columns-day">
            <strong>{dayTitle}</strong> · {t(by === 'rooms' ? 'classes:calendar.byRoom' : 'classes:calendar.byTeacher')}
          </p>
        )}
        {by && columns.length === 0 && !classes.isPending && (
          <Alert
            type="info"
            showIcon
            className="class-form__error"
            title={t(by === 'rooms' ? 'classes:calendar.noRooms' : 'classes:calendar.noTeachers')}
            data-testid="calendar-no-columns"
          />
        )}
        <div
          className="class-calendar__body"
          data-testid="calendar"
          data-loading={classes.isFetching}
          data-columns={by ?? undefined}
        >
          <FullCalendar
            key={`${view}-${anchor}-${columns.map((c) => c.id).join(',')}`}
            plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
            initialView={by ? 'columns' : VIEWS[view]}
            initialDate={by ? COLUMN_BASE : anchor}
            views={{ columns: { type: 'timeGrid', duration: { days: Math.max(1, columns.length) } } }}
            customButtons={{
              byRoom: { text: t('classes:calendar.byRoom'), click: () => set({ view: 'rooms' }) },
              byTeacher: { text: t('classes:calendar.byTeacher'), click: () => set({ view: 'teachers' }) },
              dayBefore: {
                icon: 'chevron-left',
                hint: t('classes:calendar.dayBefore'),
                click: () => set({ date: addDays(anchor, -1) === today ? null : addDays(anchor, -1) }),
              },
              dayAfter: {
                icon: 'chevron-right',
                hint: t('classes:calendar.dayAfter'),
                click: () => set({ date: addDays(anchor, 1) === today ? null : addDays(anchor, 1) }),
              },
              backToToday: { text: t('classes:filters.today'), click: () => set({ date: null }) },
            }}
            dayHeaderContent={
              by
                ? (arg) => {
                    const column = columns[columnIndex(arg.date)];
                    return (
                      <span data-testid="calendar-column" data-resource-id={column?.id}>
                        {column?.name ?? ''}
                      </span>
                    );
                  }
                : (arg) => dayHeaderText(language, arg.date, arg.view.type)
            }
            timeZone="UTC"
            now={calendarNow(timeZone)}
            locales={Object.values(CALENDAR_LOCALES)}
            locale={calendarLocale(language)}
            firstDay={1}
            height="auto"
            nowIndicator={false}
            allDaySlot={false}
            slotMinTime="06:00:00"
            slotMaxTime="23:00:00"
            slotDuration="00:30:00"
            snapDuration="00:05:00"
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            displayEventEnd={false}
            slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            headerToolbar={
              by
                ? {
                    left: 'dayBefore,dayAfter backToToday',
                    center: '',
                    right: 'timeGridDay,timeGridWeek,dayGridMonth byRoom,byTeacher',
                  }
                : {
                    left: 'prev,next today',
                    center: 'title',
                    right: 'timeGridDay,timeGridWeek,dayGridMonth byRoom,byTeacher',
                  }
            }
            buttonText={{
              today: t('classes:filters.today'),
              day: t('classes:calendar.day'),
              week: t('classes:calendar.week'),
              month: t('classes:calendar.month'),
            }}
            events={events}
            editable={canMove}
            eventDurationEditable={canMove}
            eventStartEditable={canMove}
            eventDrop={onDrop}
            eventResize={onResize}
            selectable={canCreate}
            selectMirror
            select={(arg) => {
              // A time picked in the week or day: a new class there; a day picked in the month: that day.
              const wall = wallOf(arg.start);
              setPlanning({
                classId: null,
                date: by ? anchor : wall.date,
                centerId,
                ...(arg.allDay ? {} : { startTime: wall.time }),
              });
              arg.view.calendar.unselect();
            }}
            eventClick={(arg) => {
              const session = arg.event.extendedProps.session as PtSession | undefined;
              if (session) navigate(`/pt-detail/${session.entitlement.id}`);
              else setViewing(arg.event.extendedProps.item as ClassListItem);
            }}
            eventContent={(arg) => {
              const session = arg.event.extendedProps.session as PtSession | undefined;
              if (session) {
                return (
                  <div
                    className="class-event pt-event__body"
                    data-testid="calendar-pt-event"
                    data-session-id={session.id}
                  >
                    <strong>
                      {arg.timeText} {t('classes:pt.short')} · {session.member.name}
                    </strong>
                    <span>
                      {session.room ? `${session.room.name} · ` : ''}
                      {session.trainer.name}
                    </span>
                    {session.status === 'completed' && <span>{t('classes:pt.status.completed')}</span>}
                  </div>
                );
              }
              const c = arg.event.extendedProps.item as ClassListItem;
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
                    {arg.timeText} {c.type.name}
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
            }}
            datesSet={(arg) => {
              // By room / teacher: only a switch to another view is FullCalendar's; the day is the address's.
              if (by) {
                const other = (Object.keys(VIEWS) as ViewKey[]).find((k) => VIEWS[k] === arg.view.type);
                if (arg.view.type !== 'columns' && other) {
                  set({ view: other === 'week' ? null : other, date: anchor === today ? null : anchor });
                }
                return;
              }
              // Prev / next / today / another view: the address follows, so back and reload keep the place.
              const nextView = (Object.keys(VIEWS) as ViewKey[]).find((k) => VIEWS[k] === arg.view.type) ?? 'week';
              const start = wallOf(arg.view.currentStart).date;
              const here = visibleRange(view, anchor);
              const there = visibleRange(nextView, start);
              if (nextView !== view || here.from !== there.from || here.to !== there.to)
                set({ view: nextView === 'week' ? null : nextView, date: start === today ? null : start });
            }}
          />
        </div>
      </Card>
      <ClassBookingsDrawer
        target={viewing ? (items.find((c) => c.id === viewing.id) ?? viewing) : null}
        onClose={() => setViewing(null)}
      />
      <ClassDrawer target={planning} onClose={() => setPlanning(null)} />
      <TrainerHoursDrawer trainer={hoursOf} onClose={() => setHoursOf(null)} />
    </div>
  );
}
