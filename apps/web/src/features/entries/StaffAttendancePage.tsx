import './entries.css';
import { addDays } from '@gym/contract/time';
import { Card, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import {
  BoundedDateRange,
  CenterFilterSelect,
  centerCodeColumns,
  centerOrAll,
  isDay,
  isId,
  useCenterFilter,
} from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listTexts } from '../../shared/ui/ListTable';
import { useDates } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { type Attendance, useAttendanceDays, useAttendanceList, useStaffOptions } from './api';
import { useEntryTime } from './EntryParts';
import { formatMinutes } from './hours';

const SORTS = ['-inAt', 'inAt'] as const;
type Sort = (typeof SORTS)[number];
type Filter = 'center' | 'staff' | 'from' | 'to';
const LIST: ListParamsConfig<Sort, Filter> = {
  sorts: SORTS,
  defaultSort: '-inAt',
  filters: {
    center: centerOrAll,
    staff: isId,
    from: isDay,
    to: isDay,
  },
};
/** Without dates in the URL: the last seven days up to the centre's today. */
const DEFAULT_DAYS = 7;

interface DayRow {
  staff: { id: string; name: string };
  businessDate: string;
  minutes: number;
  open: number;
}

/** `/staff-attendance`: staff clock-ins (in, out, minutes) and the hours per staff member per day. */
export default function StaffAttendancePage() {
  const { t } = useTranslation();
  const dates = useDates();
  const ability = useAbility();
  const list = useListParams(LIST);
  const time = useEntryTime();
  const { filters } = list;
  const canReadStaff = ability.can('read', 'Staff');
  const staff = useStaffOptions(canReadStaff);

  const { centerFilter, shownCenterId, today } = useCenterFilter(filters.center);
  const to = filters.to ?? today;
  const from = filters.from ?? addDays(to, -(DEFAULT_DAYS - 1));

  const apiFilters = {
    ...(shownCenterId ? { centerId: shownCenterId } : {}),
    ...(filters.staff ? { staffId: filters.staff } : {}),
    from,
    to,
  };
  const attendance = useAttendanceList({ ...apiFilters, sort: list.sort, page: list.page, pageSize: list.pageSize });
  const days = useAttendanceDays(apiFilters);

  const columns: ListColumn<Attendance>[] = [
    {
      key: 'date',
      title: t('entries:attendance.date'),
      render: (_: unknown, a: Attendance) => <span className="entry-time">{dates.date(a.businessDate)}</span>,
    },
    {
      key: 'staff',
      title: t('entries:attendance.staff'),
      render: (_: unknown, a: Attendance) => a.staff.name,
    },
    {
      key: 'inAt',
      title: t('entries:attendance.in'),
      sortable: true,
      render: (_: unknown, a: Attendance) => <span className="entry-time">{time(a.inAt, a.center.id)}</span>,
    },
    {
      key: 'outAt',
      title: t('entries:attendance.out'),
      render: (_: unknown, a: Attendance) =>
        a.outAt ? (
          <span className="entry-time">{time(a.outAt, a.center.id, a.businessDate)}</span>
        ) : (
          <Tag data-testid="attendance-still-in">{t('entries:attendance.stillIn')}</Tag>
        ),
    },
    {
      key: 'minutes',
      title: t('entries:attendance.hours'),
      align: 'right',
      render: (_: unknown, a: Attendance) => (a.minutes === null ? '—' : formatMinutes(a.minutes)),
    },
    ...centerCodeColumns<Attendance>(centerFilter, t('entries:fields.center'), 'tablet'),
  ];

  return (
    <div className="screen" data-testid="screen-staff-attendance">
      <ListTable<Attendance, Sort, Filter>
        list={list}
        result={attendance}
        columns={columns}
        testId="attendance-table"
        texts={listTexts(t, 'entries:attendance.empty', 'entries:total', 'entries:attendance.noMatch')}
        exportTo={{ path: '/pro/staff-attendance/export', fileName: 'staff-attendance', query: apiFilters }}
        filters={
          <>
            <CenterFilterSelect
              label={t('entries:fields.center')}
              allLabel={t('entries:allCenters')}
              value={centerFilter}
              onChange={(value) => list.setFilter('center', value)}
            />
            {canReadStaff && (
              <Select
                className="list-toolbar__filter"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                popupMatchSelectWidth={false}
                placeholder={t('entries:attendance.staff')}
                aria-label={t('entries:attendance.staff')}
                value={filters.staff ?? null}
                loading={staff.isPending}
                onChange={(value: string | null | undefined) => list.setFilter('staff', value ?? null)}
                options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.fullName }))}
                data-testid="filter-staff"
              />
            )}
          </>
        }
        filterRow={
          <Space wrap className="entry-filters">
            <BoundedDateRange
              label={t('entries:filters.dates')}
              from={from}
              to={to}
              onChange={(start, end) => list.update({ filters: { from: start, to: end } })}
            />
          </Space>
        }
      />
      <Card className="attendance-days" title={t('entries:attendance.perDay')} data-testid="attendance-days">
        <Table<DayRow>
          size="small"
          rowKey={(row) => `${row.staff.id}:${row.businessDate}`}
          loading={days.isPending}
          dataSource={days.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: t('entries:attendance.empty') }}
          columns={[
            {
              key: 'date',
              title: t('entries:attendance.date'),
              dataIndex: 'businessDate',
              render: (day: string) => dates.date(day),
            },
            { key: 'staff', title: t('entries:attendance.staff'), render: (_: unknown, d: DayRow) => d.staff.name },
            {
              key: 'hours',
              title: t('entries:attendance.hours'),
              align: 'right',
              render: (_: unknown, d: DayRow) => (
                <span data-testid="attendance-day-hours">{formatMinutes(d.minutes)}</span>
              ),
            },
            {
              key: 'open',
              title: t('entries:attendance.open'),
              render: (_: unknown, d: DayRow) =>
                d.open > 0 ? <Tag color="#8a4b00">{t('entries:attendance.openCount', { count: d.open })}</Tag> : null,
            },
          ]}
        />
      </Card>
    </div>
  );
}
