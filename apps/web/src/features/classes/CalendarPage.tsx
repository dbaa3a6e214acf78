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
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { addDays } from '@gym/contract/time';
import { Alert, Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbility } from '../../shared/acl';
import { formatLongDate } from '../../shared/dates';
import { CenterFilterSelect } from '../../shared/ui/ListFilters';
import { ErrorState } from '../../shared/ui/ScreenStates';
import { type PtSession, usePtSessions } from '../pt/api';
import { TrainerHoursDrawer } from '../pt/TrainerHoursDrawer';
import { type ClassListItem, useClassList, useClassTypeOptions, useRoomOptions, useTeacherOptions } from './api';
import { COLUMN_BASE, columnIndex } from './calendarColumns';
import { CALENDAR_LOCALES, calendarLocale, calendarNow, dayHeaderText } from './calendarDates';
import { calendarColumns, calendarEvents, wallOf } from './calendarEvents';
import { VIEWS, type ViewKey, visibleRange } from './calendarRange';
import { CalendarEventContent } from './components/CalendarEventContent';
import { type BookingsTarget, ClassBookingsDrawer } from './components/ClassBookingsDrawer';
import { ClassDrawer, type ClassDrawerTarget } from './components/ClassDrawer';
import { FilterSelect } from './components/FilterSelect';
import { useCalendarAddress } from './useCalendarAddress';
import { useCalendarMoves } from './useCalendarMoves';

/** What the calendar asks at most for one range (a month of a busy centre fits). */
const PAGE = 500;

export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const [viewing, setViewing] = useState<BookingsTarget | null>(null);
  const [planning, setPlanning] = useState<ClassDrawerTarget | null>(null);
  const [hoursOf, setHoursOf] = useState<{ id: string; name: string } | null>(null);
  const navigate = useNavigate();

  const { view, centerId, room, teacher, type, timeZone, today, anchor, from, to, set } = useCalendarAddress();

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
  const columns = useMemo(
    () => calendarColumns(by, rooms.data ?? [], items, sessions, { room, teacher }),
    [by, rooms.data, items, sessions, room, teacher],
  );
  const events = useMemo(
    () => calendarEvents(items, sessions, by, columns, canMove),
    [items, sessions, canMove, by, columns],
  );
  const { onDrop, onResize } = useCalendarMoves(by, columns);

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

  const language = i18n.resolvedLanguage ?? 'en';
  const dayTitle = formatLongDate(language, anchor);
  const truncated = (classes.data?.total ?? 0) > items.length;

  return (
    <div className="screen class-calendar" data-testid="screen-calendar">
      <Card>
        <fieldset className="list-filters" aria-label={t('classes:filters.label')}>
          <CenterFilterSelect
            className="list-filters__select"
            label={t('classes:fields.center')}
            value={centerId}
            onChange={(center) => set({ center, room: null, teacher: null })}
            testId="calendar-center"
          />
          <FilterSelect
            placeholder={t('classes:filters.anyRoom')}
            aria-label={t('classes:fields.room')}
            value={room}
            onChange={(value) => set({ room: value })}
            options={(rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            testId="calendar-room"
          />
          <FilterSelect
            placeholder={t('classes:filters.anyTeacher')}
            aria-label={t('classes:fields.teacher')}
            value={teacher}
            onChange={(value) => set({ teacher: value })}
            options={teacherOptions}
            testId="calendar-teacher"
          />
          <FilterSelect
            placeholder={t('classes:filters.anyType')}
            aria-label={t('classes:fields.type')}
            value={type}
            onChange={(value) => set({ type: value })}
            options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            testId="calendar-type"
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
            eventContent={(arg) => (
              <CalendarEventContent
                timeText={arg.timeText}
                session={arg.event.extendedProps.session as PtSession | undefined}
                item={arg.event.extendedProps.item as ClassListItem | undefined}
              />
            )}
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
