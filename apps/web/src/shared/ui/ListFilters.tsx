/**
 * The toolbar's filters, each kept in the URL by `useListParams`: a choice among values (the
 * "any" value stays out of the address), the item's state, the centre and the days. A list's
 * `center` filter is absent for the tab's centre, `all` for every centre, or a centre's id.
 */
import { Checkbox, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCenterId } from '../centerSelection';
import { useAllCenters, useCenters } from '../centers';
import { useCentreToday } from '../today';
import type { ListParams } from '../useListParams';
import type { ListColumn } from './ListTable';

const ANY = 'all';

interface ChoiceProps<S extends string, F extends string> {
  list: ListParams<S, F>;
  filter: F;
  label: string;
  /** The option meaning "no filter". */
  anyLabel: ReactNode;
  options: { value: string; label: ReactNode }[];
  loading?: boolean;
  testId?: string;
}

/** One filter of the list: any, or one of `options`. */
export function ChoiceFilter<S extends string, F extends string>({
  list,
  filter,
  label,
  anyLabel,
  options,
  loading,
  testId,
}: ChoiceProps<S, F>) {
  return (
    <Select
      className="list-toolbar__filter"
      aria-label={label}
      value={list.filters[filter] ?? ANY}
      popupMatchSelectWidth={false}
      onChange={(value: string) => list.setFilter(filter, value === ANY ? null : value)}
      options={[{ value: ANY, label: anyLabel }, ...options]}
      {...(loading !== undefined ? { loading } : {})}
      {...(testId ? { 'data-testid': testId } : {})}
    />
  );
}

/**
 * Active / inactive / both (both is the default). Lists name the filter and its values their
 * own way (`status=active|inactive`, `active=true|false`); the words of each choice are the list's.
 */
export function StatusFilter<S extends string, F extends string>({
  list,
  filter,
  values,
  labels,
  testId,
}: {
  list: ListParams<S, F>;
  filter: F;
  values: { active: string; inactive: string };
  labels: { any: ReactNode; active: ReactNode; inactive: ReactNode };
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceFilter
      list={list}
      filter={filter}
      label={t('members:table.kit.status')}
      anyLabel={labels.any}
      options={[
        { value: values.active, label: labels.active },
        { value: values.inactive, label: labels.inactive },
      ]}
      testId={testId}
    />
  );
}

/** Items of one centre, or of any. */
export function CenterFilter<S extends string, F extends string>({
  list,
  filter,
  label,
  anyLabel,
}: {
  list: ListParams<S, F>;
  filter: F;
  label: string;
  anyLabel: ReactNode;
}) {
  const centers = useAllCenters();
  return (
    <ChoiceFilter
      list={list}
      filter={filter}
      label={label}
      anyLabel={anyLabel}
      loading={centers.isPending}
      options={(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
      testId="filter-center"
    />
  );
}

/** A filter whose empty value means "any": its label is its placeholder, cleared with ×. */
export function ClearableFilter<S extends string, F extends string>({
  list,
  filter,
  label,
  options,
  loading,
  wideOptions,
  testId,
}: {
  list: ListParams<S, F>;
  filter: F;
  label: string;
  options: { value: string; label: ReactNode }[] | undefined;
  loading?: boolean;
  /** The options as wide as they need (not as the box). */
  wideOptions?: boolean;
  testId?: string;
}) {
  return (
    <Select
      className="list-toolbar__filter"
      allowClear
      {...(wideOptions ? { popupMatchSelectWidth: false } : {})}
      placeholder={label}
      aria-label={label}
      value={list.filters[filter] ?? null}
      {...(loading !== undefined ? { loading } : {})}
      onChange={(value: string | null | undefined) => list.setFilter(filter, value ?? null)}
      options={options}
      {...(testId ? { 'data-testid': testId } : {})}
    />
  );
}

/** A filter that is on (`true` in the address) or off (left out of it). */
export function CheckboxFilter<S extends string, F extends string>({
  list,
  filter,
  label,
  testId,
}: {
  list: ListParams<S, F>;
  filter: F;
  label: ReactNode;
  testId?: string;
}) {
  return (
    <Checkbox
      checked={list.filters[filter] === 'true'}
      onChange={(event) => list.setFilter(filter, event.target.checked ? 'true' : null)}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      {label}
    </Checkbox>
  );
}

/** The days a list covers, from and to (either may stay open), kept as `from` and `to` in the address. */
export function DateRangeFilter<S extends string, F extends string>({
  list,
  label,
  className,
}: {
  list: ListParams<S, F | 'from' | 'to'>;
  label: string;
  className?: string;
}) {
  const { from, to } = list.filters;
  return (
    <DatePicker.RangePicker
      className={className}
      aria-label={label}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      allowEmpty={[true, true]}
      onChange={(dates) => {
        const days: Partial<Record<F | 'from' | 'to', string | null>> = {};
        days.from = dates?.[0] ? dates[0].format('YYYY-MM-DD') : null;
        days.to = dates?.[1] ? dates[1].format('YYYY-MM-DD') : null;
        list.update({ filters: days });
      }}
      data-testid="filter-dates"
    />
  );
}

/** The `center` filter's value for every centre. */
export const ALL_CENTERS = 'all';

/** The `center` filter's rule: one centre's id, or every centre. */
export const centerOrAll = (value: string) => value === ALL_CENTERS || UUID.test(value);

/**
 * Which centre a list of the centre's day-to-day shows: the one picked on it, else the centre the
 * user works at, else every centre (`centerId` null).
 */
export function useListCenter<S extends string, F extends string>(list: ListParams<S, F | 'center'>) {
  const { centerFilter, shownCenterId, currentCenterId } = useCenterFilter(list.filters.center);
  return { value: centerFilter, centerId: shownCenterId, currentCenterId };
}

/** The centre such a list shows, or every centre; the user's own centre stays out of the address. */
export function ListCenterSelect<S extends string, F extends string>({
  list,
  label,
  allLabel,
}: {
  list: ListParams<S, F | 'center'>;
  label: string;
  allLabel: string;
}) {
  const centers = useCenters();
  const { value, currentCenterId } = useListCenter(list);
  return (
    <Select
      className="list-toolbar__filter"
      aria-label={label}
      value={value}
      loading={centers.isPending}
      popupMatchSelectWidth={false}
      onChange={(picked: string) => list.setFilter('center', picked === currentCenterId ? null : picked)}
      options={[
        { value: ALL_CENTERS, label: allLabel },
        ...(centers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` })),
      ]}
      data-testid="filter-center"
    />
  );
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The rule of a filter naming a record by its id (a centre, a staff member, a category...). */
export const isId = (value: string) => UUID.test(value);

/** The rule of a `from` / `to` filter: a day written YYYY-MM-DD. */
export const isDay = (value: string) => DAY.test(value);

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

interface CenterFilterSelectProps {
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
}: CenterFilterSelectProps) {
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

/** A list's filter by a range of days that always has both ends (it cannot be cleared), by value. */
export function BoundedDateRange({ from, to, label, onChange, pageFocus }: DateRangeProps) {
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
