import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface Props {
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
export function DateRangeFilter({ from, to, label, onChange, pageFocus }: Props) {
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
