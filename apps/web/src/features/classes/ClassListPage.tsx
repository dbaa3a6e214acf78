import './classes.css';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { CLASS_SORTS } from '@gym/contract/classes';
import { addDays, daysBetween } from '@gym/contract/time';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import {
  ALL_CENTERS,
  BoundedDateRange,
  CenterFilterSelect,
  centerOrAll,
  isDay,
  isId,
  useCenterFilter,
} from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable } from '../../shared/ui/ListTable';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import {
  CLASS_EXPORT_PATH,
  type ClassListItem,
  useClassList,
  useClassTypeOptions,
  useRoomOptions,
  useTeacherOptions,
} from './api';
import { BookDialog, type BookTarget } from './components/BookDialog';
import { CancelClassDialog, type CancelTarget } from './components/CancelClassDialog';
import { type BookingsTarget, ClassBookingsDrawer } from './components/ClassBookingsDrawer';
import { ClassDrawer, type ClassDrawerTarget } from './components/ClassDrawer';
import { CourseSessionText, PlacesCell, TypeSwatch, typeOptionRender, useClassDay } from './components/ClassParts';
import { ClassRowActions } from './components/ClassRowActions';
import { FilterSelect } from './components/FilterSelect';
import { CLASS_TYPE_LIST_PATH } from './paths';
import { useClassEvents } from './useClassEvents';

type Sort = (typeof CLASS_SORTS)[number];
type Filter = 'center' | 'from' | 'to' | 'room' | 'teacher' | 'type';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: CLASS_SORTS,
  defaultSort: 'startsAt',
  defaultPageSize: 100,
  pageSizes: [50, 100, 200, 500],
  filters: {
    center: centerOrAll,
    from: isDay,
    to: isDay,
    room: isId,
    teacher: isId,
    type: isId,
  },
};
/** The longest range the list asks for at once (a term's week-by-week planning stays in the calendar). */
const MAX_RANGE_DAYS = 62;

/**
 * `/class-list`: the page staff land on. Today's classes of the tab's centre (its business date) by
 * default; date range, centre, room, teacher and type in the address; each class with its time, room,
 * teacher, type colour, places taken with a bar and the waitlist; book a member, take attendance,
 * cancel the class from the row.
 */
export default function ClassListPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const day = useClassDay();
  const list = useListParams(LIST);
  const { filters } = list;

  const { currentCenterId, centerFilter, shownCenterId, today } = useCenterFilter(filters.center);
  const from = filters.from ?? filters.to ?? today;
  let to = filters.to ?? from;
  if (to < from) to = from;
  if (daysBetween(from, to) > MAX_RANGE_DAYS) to = addDays(from, MAX_RANGE_DAYS);
  const oneDay = from === to;
  const span = daysBetween(from, to) + 1;

  const apiFilters = {
    sort: list.sort,
    from,
    to,
    ...(shownCenterId ? { center: shownCenterId } : {}),
    ...(filters.room ? { room: filters.room } : {}),
    ...(filters.teacher ? { teacher: filters.teacher } : {}),
    ...(filters.type ? { type: filters.type } : {}),
  };
  const classes = useClassList({ ...apiFilters, page: list.page, pageSize: list.pageSize });
  useClassEvents(currentCenterId);

  const rooms = useRoomOptions(shownCenterId);
  const canReadStaff = ability.can('read', 'Staff');
  const staff = useTeacherOptions(shownCenterId, canReadStaff);
  const types = useClassTypeOptions();
  // Without the staff list (a trainer), the teachers are those of the classes on screen.
  const teacherOptions = useMemo(() => {
    if (canReadStaff) return (staff.data ?? []).map((s) => ({ value: s.id, label: s.fullName }));
    const seen = new Map<string, string>();
    for (const c of classes.data?.items ?? []) seen.set(c.teacher.id, c.teacher.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [canReadStaff, staff.data, classes.data]);

  const canBook = ability.can('create', 'Booking');
  const canReadBookings = ability.can('read', 'Booking');
  const canCreate = ability.can('create', 'Class');
  const canUpdate = ability.can('update', 'Class');
  const [booking, setBooking] = useState<BookTarget | null>(null);
  const [viewing, setViewing] = useState<BookingsTarget | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const [editing, setEditing] = useState<ClassDrawerTarget | null>(null);

  const setRange = (start: string | null, end: string | null) => list.update({ filters: { from: start, to: end } });
  const shift = (direction: 1 | -1) => {
    const start = addDays(from, direction * span);
    const end = addDays(to, direction * span);
    setRange(start === today && end === today ? null : start, start === today && end === today ? null : end);
  };

  const columns: ListColumn<ClassListItem>[] = [
    {
      key: 'startsAt',
      title: t('classes:fields.time'),
      sortable: true,
      render: (_: unknown, c: ClassListItem) => (
        <div className="class-time" data-testid="class-time">
          {!oneDay && <span className="class-time__day">{day(c.date)}</span>}
          <span className="class-time__start">{c.startTime}</span>
          <span className="class-time__end">{c.endTime}</span>
        </div>
      ),
    },
    {
      key: 'class',
      title: t('classes:fields.class'),
      maxWidth: 360,
      render: (_: unknown, c: ClassListItem) => (
        <div className="class-what">
          <span className="class-what__type" data-testid="class-type">
            <TypeSwatch colour={c.type.colour} />
            {c.type.name}
            {c.status === 'cancelled' && (
              <Tag color="#5d596c" className="class-what__tag" data-testid="class-cancelled">
                {t('classes:status.cancelled')}
              </Tag>
            )}
            {c.mode === 'rental' && (
              <Tag color="#6a1b9a" className="class-what__tag" data-testid="class-rental">
                {t('classes:modes.rental')}
              </Tag>
            )}
          </span>
          <span className="class-what__who">
            <span data-testid="class-room">{c.room.name}</span>
            {centerFilter === ALL_CENTERS && <span className="class-what__centre"> ({c.center.code})</span>} ·{' '}
            <span data-testid="class-teacher">{c.teacher.name}</span>
            {c.renter && (
              <span data-testid="class-renter"> · {t('classes:rental.rentedBy', { name: c.renter.name })}</span>
            )}
          </span>
          {c.shortCourse && (
            <span className="class-what__course" data-testid="class-course">
              <CourseSessionText course={c.shortCourse} />
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'places',
      title: t('classes:fields.places'),
      render: (_: unknown, c: ClassListItem) => <PlacesCell item={c} />,
    },
    {
      key: 'actions',
      title: t('classes:fields.actions'),
      detailTitle: t('classes:fields.actions'),
      render: (_: unknown, c: ClassListItem) => (
        <ClassRowActions
          item={c}
          can={{ book: canBook, readBookings: canReadBookings, update: canUpdate }}
          onBook={setBooking}
          onAttendance={setViewing}
          onEdit={(item) => setEditing({ classId: item.id, seriesId: item.seriesId })}
          onCancel={setCancelling}
        />
      ),
    },
  ];

  return (
    <div className="screen class-list" data-testid="screen-class-list">
      <ListTable<ClassListItem, Sort, Filter>
        list={list}
        sorts={CLASS_SORTS}
        result={classes}
        columns={columns}
        rowKey={(row) => row.id}
        testId="class-table"
        rowClassName={(row) => `class-row class-row--${row.status}`}
        texts={{
          empty: oneDay && from === today ? t('classes:emptyToday') : t('classes:empty'),
          noMatch: t('classes:noMatch'),
          total: (count) => t('classes:total', { count }),
          stale: t('classes:stale'),
        }}
        searchSlot={
          <Space.Compact className="class-days">
            <Button
              icon={<LeftOutlined />}
              onClick={() => shift(-1)}
              aria-label={t('classes:filters.previous')}
              title={t('classes:filters.previous')}
              data-testid="class-previous"
            />
            {/* The list's first field (it has no keyword search): the focus is here when it opens. */}
            <BoundedDateRange label={t('classes:filters.dates')} from={from} to={to} onChange={setRange} pageFocus />
            <Button
              icon={<RightOutlined />}
              onClick={() => shift(1)}
              aria-label={t('classes:filters.next')}
              title={t('classes:filters.next')}
              data-testid="class-next"
            />
          </Space.Compact>
        }
        filters={
          <>
            <Button
              onClick={() => setRange(null, null)}
              disabled={from === today && to === today}
              data-testid="filter-today"
            >
              {t('classes:filters.today')}
            </Button>
            <Button
              onClick={() => {
                const start = addDays(today, 1);
                setRange(start, start);
              }}
              data-testid="filter-tomorrow"
            >
              {t('classes:filters.tomorrow')}
            </Button>
          </>
        }
        filterRow={
          <fieldset className="list-filters" aria-label={t('classes:filters.label')}>
            <CenterFilterSelect
              className="list-filters__select"
              label={t('classes:fields.center')}
              allLabel={t('classes:filters.allCenters')}
              value={centerFilter}
              onChange={(center) => list.update({ filters: { center, room: null, teacher: null } })}
            />
            <FilterSelect
              placeholder={t('classes:filters.anyRoom')}
              aria-label={t('classes:fields.room')}
              value={filters.room ?? null}
              loading={rooms.isPending}
              onChange={(value) => list.setFilter('room', value)}
              options={(rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              testId="filter-room"
            />
            <FilterSelect
              placeholder={t('classes:filters.anyTeacher')}
              aria-label={t('classes:fields.teacher')}
              value={filters.teacher ?? null}
              onChange={(value) => list.setFilter('teacher', value)}
              options={teacherOptions}
              testId="filter-teacher"
            />
            <FilterSelect
              placeholder={t('classes:filters.anyType')}
              aria-label={t('classes:fields.type')}
              value={filters.type ?? null}
              loading={types.isPending}
              onChange={(value) => list.setFilter('type', value)}
              options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
              optionRender={typeOptionRender(types.data)}
              testId="filter-type"
            />
          </fieldset>
        }
        exportTo={{ path: CLASS_EXPORT_PATH, fileName: 'classes', query: apiFilters }}
        actions={
          <>
            {ability.can('read', 'Class') && (
              <Tooltip title={t('classes:types.manageHint')}>
                <ButtonLink to={CLASS_TYPE_LIST_PATH} data-testid="class-types-link">
                  {t('classes:types.link')}
                </ButtonLink>
              </Tooltip>
            )}
            {canCreate && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ classId: null, date: from, centerId: shownCenterId ?? currentCenterId })}
                data-testid="class-add"
              >
                {t('classes:actions.add')}
              </Button>
            )}
          </>
        }
      />
      <BookDialog target={booking} onClose={() => setBooking(null)} />
      <ClassBookingsDrawer
        target={viewing ? (classes.data?.items.find((c) => c.id === viewing.id) ?? viewing) : null}
        onClose={() => setViewing(null)}
      />
      <CancelClassDialog target={cancelling} onClose={() => setCancelling(null)} />
      <ClassDrawer target={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
