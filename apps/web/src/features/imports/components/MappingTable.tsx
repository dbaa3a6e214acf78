import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '@gym/contract/imports';
import { Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../rowErrors';

interface Props {
  headers: readonly string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  disabled?: boolean;
}

const SKIP = '__skip__';

/**
 * One select per column of the file. A field goes to one column only: giving it to a second column
 * takes it from the first (the server refuses a field mapped twice).
 */
export function MappingTable({ headers, mapping, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const options = [
    { value: SKIP, label: t('imports:mapping.skip') },
    ...IMPORT_FIELDS.map((field) => ({ value: field, label: fieldLabel(t, field) })),
  ];

  const choose = (header: string, value: string) => {
    const field = value === SKIP ? null : (value as ImportField);
    const next: ImportMapping = {};
    for (const h of headers) next[h] = field && mapping[h] === field ? null : (mapping[h] ?? null);
    next[header] = field;
    onChange(next);
  };

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
          title: t('imports:mapping.field'),
          width: '55%',
          render: (_, { header }) => (
            <Select
              className="full-width"
              value={mapping[header] ?? SKIP}
              options={options}
              disabled={disabled}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(value: string) => choose(header, value)}
              aria-label={t('imports:mapping.fieldAria', { column: header })}
              data-testid={`mapping-${header}`}
            />
          ),
        },
      ]}
    />
  );
}
