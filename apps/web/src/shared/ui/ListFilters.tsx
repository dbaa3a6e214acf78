/**
 * The toolbar's filters, each kept in the URL by `useListParams`: a choice among values (the
 * "any" value stays out of the address), the item's state, and the centre.
 */
import { Checkbox, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCenterId } from '../centerSelection';
import { useAllCenters, useCenters } from '../centers';
import type { ListParams } from '../useListParams';

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
  const currentCenterId = useCenterId();
  const value = list.filters.center ?? currentCenterId ?? ALL_CENTERS;
  return { value, centerId: value === ALL_CENTERS ? null : value, currentCenterId };
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
