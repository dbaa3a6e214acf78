import { Select } from 'antd';
import { useCenterId } from './centerSelection';
import { useCenters } from './centers';

/** The `center` filter's value for every centre (absent means the tab's centre). */
export const ALL_CENTERS = 'all';

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
