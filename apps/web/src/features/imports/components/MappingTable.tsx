import { Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { remapColumn } from '../mapping';
import { fieldLabel, type ImportWords } from '../rowErrors';

interface Props<F extends string> {
  headers: readonly string[];
  /** The fields a column can hold, in the order the select lists them. */
  fields: readonly F[];
  /** Where the import's field labels and the table's words are. */
  words: ImportWords;
  mapping: Partial<Record<string, F | null>>;
  onChange: (mapping: Record<string, F | null>) => void;
  disabled?: boolean;
}

const SKIP = '__skip__';

/**
 * One select per column of the file. A field goes to one column only: giving it to a second column
 * takes it from the first (the server refuses a field mapped twice).
 */
export function MappingTable<F extends string>({ headers, fields, words, mapping, onChange, disabled }: Props<F>) {
  const { t } = useTranslation();
  const options = [
    { value: SKIP, label: t('imports:mapping.skip') },
    ...fields.map((field) => ({ value: field as string, label: fieldLabel(t, field, words) })),
  ];

  const choose = (header: string, value: string) =>
    onChange(remapColumn(headers, mapping, header, value === SKIP ? null : (value as F)));

  return (
    <Table<{ header: string }>
      rowKey="header"
      size="small"
      pagination={false}
      dataSource={headers.map((header) => ({ header }))}
      data-testid="import-mapping"
      columns={[
        {
          key: 'header',
          title: t('imports:mapping.column'),
          render: (_, { header }) => <span className="mono">{header}</span>,
        },
        {
          key: 'field',
          title: t(`imports:${words.mappingField}`),
          width: '55%',
          render: (_, { header }) => (
            <Select
              className="full-width"
              value={mapping[header] ?? SKIP}
              options={options}
              disabled={disabled}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(value: string) => choose(header, value)}
              aria-label={t(`imports:${words.mappingFieldAria}`, { column: header })}
              data-testid={`mapping-${header}`}
            />
          ),
        },
      ]}
    />
  );
}
