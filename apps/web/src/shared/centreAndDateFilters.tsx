/**
 * Two filters of the lists by centre and day. A list's `center` filter: absent for the tab's centre,
 * `all` for every centre, or a centre's id; its rule for the address, what it shows, its select and
 * the centre column of "every centre". A range of days that always has both ends.
 */
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useCenterId } from './centerSelection';
import { useCenters } from './centers';
import { useCentreToday } from './today';
import type { ListColumn } from './ui/ListTable';

/** The `center` filter's value for every centre. */
export const ALL_CENTERS = 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filter's rule in a list's address config. */
export const centerFilterRule = (value: string) => value === ALL_CENTERS || UUID.test(value);

/** What the filter shows (`centerFilter`), the centre asked for (null: every centre) and its business date. */
export function useCenterFilter(value: string | undefined) {
  const currentCenterId = useCenterId();
  const centreToday = useCentreToday();
  const centerFilter = value ?? currentCenterId ?? ALL_CENTERS;
  const shownCenterId = centerFilter === ALL_CENTERS ? null : centerFilter;
  return { currentCenterId, centerFilter, shownCenterId, today: centreToday(shownCenterId ?? currentCenterId) };
}

/** The centre's code as a column, only while the list shows every centre. */
export function centerCodeColumns<T extends { center: { code: string } }>(
  centerFilter: string,
  title: string,
  show: 'tablet' | 'desktop',
): ListColumn<T>[] {
  if (centerFilter !== ALL_CENTERS) return [];
  return [{ key: 'center', title, show, render: (_: unknown, row: T) => row.center.code }];
}

interface Props {
  /** The shown value: a centre's id or {@link ALL_CENTERS}. */
  value: string | null;
  /** Accessible name of the select. */
  label: string;
  /** The "every centre" option's text; without it the option is not offered. */
  allLabel?: string;
  /** The new filter: null when the tab's own centre is picked (it is the default), else the value. */
  onChange: (value: string | null) => void;
  className?: string;
  testId?: string;
}

/** A list's centre filter: the centres the staff member may work at, optionally every centre. */
export function CenterFilterSelect({
  value,
  label,
  allLabel,
  onChange,
  className = 'list-toolbar__filter',
  testId = 'filter-center',
}: Props) {
  const currentCenterId = useCenterId();
  const centers = useCenters();
  const options = (centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
  return (
    <Select
      className={className}
      aria-label={label}
      value={value}
      loading={centers.isPending}
      popupMatchSelectWidth={false}
      onChange={(picked: string) => onChange(picked === currentCenterId ? null : picked)}
      options={allLabel === undefined ? options : [{ value: ALL_CENTERS, label: allLabel }, ...options]}
      data-testid={testId}
    />
  );
}

interface DateRangeProps {
  /** The first and last day shown (ISO dates); both are always set. */
  from: string;
  to: string;
  /** Accessible name of the picker. */
  label: string;
  /** The picked days as ISO dates. */
  onChange: (from: string | null, to: string | null) => void;
  /** The list's first field: the focus is here when the screen opens. */
  pageFocus?: boolean;
}

/** A list's filter by a range of days that always has both ends (it cannot be cleared). */
export function DateRangeFilter({ from, to, label, onChange, pageFocus }: DateRangeProps) {
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={[dayjs(from), dayjs(to)]}
      allowClear={false}
      onChange={(dates) =>
        onChange(dates?.[0] ? dates[0].format('YYYY-MM-DD') : null, dates?.[1] ? dates[1].format('YYYY-MM-DD') : null)
      }
      data-testid="filter-dates"
      data-page-focus={pageFocus || undefined}
    />
  );
}
