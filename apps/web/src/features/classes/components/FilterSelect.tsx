import { Select, type SelectProps } from 'antd';

type Props = Omit<SelectProps<string | null>, 'value' | 'onChange'> & {
  value: string | null;
  /** null when cleared. */
  onChange: (value: string | null) => void;
  testId: string;
};

/** One filter of the class screens (room, teacher, type): searchable by its label, cleared for "any". */
export function FilterSelect({ value, onChange, testId, ...rest }: Props) {
  return (
    <Select<string | null>
      className="list-filters__select"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      value={value}
      onChange={(chosen: string | null | undefined) => onChange(chosen ?? null)}
      data-testid={testId}
      {...rest}
    />
  );
}
