import type { ImportField, ImportMapping, ImportValues } from '@gym/contract/imports';
import { GENDERS, MEMBER_SOURCES, MEMBER_STATUSES } from '@gym/contract/members';
import { Select, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../rowErrors';

interface Props {
  /** Distinct values of each enumerated column with their row counts, from the preview. */
  valueCounts: Record<string, Record<string, number>>;
  mapping: ImportMapping;
  values: ImportValues;
  onChange: (values: ImportValues) => void;
  centers: readonly { id: string; name: string; code: string }[];
  disabled?: boolean;
}

/** The member values a field offers, labelled in the screen's language. */
function optionsOf(t: TFunction, field: ImportField, centers: Props['centers']) {
  switch (field) {
    case 'gender':
      return GENDERS.map((g) => ({ value: g, label: t(`members:gender.${g}`) }));
    case 'status':
      return MEMBER_STATUSES.map((s) => ({ value: s, label: t(`members:status.${s}`) }));
    case 'source':
      return MEMBER_SOURCES.map((s) => ({ value: s, label: t(`members:source.${s}`) }));
    case 'homeCenterCode':
      return centers.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
    default:
      return [
        { value: 'true', label: t('imports:values.yes') },
        { value: 'false', label: t('imports:values.no') },
      ];
  }
}

/**
 * Per enumerated column, each distinct value of the file with its row count and the member value it
 * becomes (proposed by the server; staff change it). A value left empty stays a row error.
 */
export function ValueMappingTable({ valueCounts, mapping, values, onChange, centers, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const columns = Object.keys(valueCounts).filter((c) => mapping[c]);
  if (columns.length === 0) return null;
  return (
    <section aria-labelledby="import-values-title" data-testid="import-values">
      <Typography.Title level={3} id="import-values-title" className="import-section-title">
        {t('imports:values.title')}
      </Typography.Title>
      <p className="screen-lead">{t('imports:values.lead')}</p>
      {columns.map((column) => {
        const field = mapping[column]!;
        const options = optionsOf(t, field, centers);
        const rows = Object.entries(valueCounts[column] ?? {}).map(([fileValue, count]) => ({ fileValue, count }));
        return (
          <div key={column} className="import-values" data-testid={`import-values-${column}`}>
            <Typography.Text strong>
              {column} → {fieldLabel(t, field)}
            </Typography.Text>
            <Table
              size="small"
              pagination={false}
              rowKey="fileValue"
              dataSource={rows}
              columns={[
                { key: 'file', title: t('imports:values.fileValue'), dataIndex: 'fileValue' },
                {
                  key: 'count',
                  title: t('imports:values.rows'),
                  width: 90,
                  align: 'end',
                  render: (_, r) => number.format(r.count),
                },
                {
                  key: 'member',
                  title: t('imports:values.memberValue'),
                  render: (_, r) => (
                    <Select
                      className="import-values__select"
                      aria-label={t('imports:values.selectLabel', { value: r.fileValue })}
                      placeholder={t('imports:values.unknown')}
                      status={values[column]?.[r.fileValue] ? undefined : 'error'}
                      value={values[column]?.[r.fileValue]}
                      options={options}
                      disabled={disabled}
                      onChange={(memberValue: string) =>
                        onChange({ ...values, [column]: { ...values[column], [r.fileValue]: memberValue } })
                      }
                    />
                  ),
                },
              ]}
            />
          </div>
        );
      })}
    </section>
  );
}
