import type { ImportField, ImportMapping } from '@gym/contract/imports';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../rowErrors';

interface Props {
  sample: readonly Record<string, string | null>[];
  mapping: ImportMapping;
}

/** Fields the sample shows when a column feeds them; a full name shows as the first and last names it became. */
const SHOWN: readonly ImportField[] = [
  'code',
  'firstName',
  'lastName',
  'chineseName',
  'gender',
  'birthday',
  'phone',
  'email',
  'homeCenterCode',
  'status',
  'source',
  'cardNumber',
  'joinedAt',
];

/** The first rows as the server read them: how names were split and words like "M" or "Inaktiv" understood. */
export function SampleTable({ sample, mapping }: Props) {
  const { t } = useTranslation();
  // Stored words (status, gender, source) in the screen's language, as the member file shows them.
  const shown = (field: ImportField, value: string) => {
    if (field === 'status') return t(`members:status.${value}`, { defaultValue: value });
    if (field === 'gender') return t(`members:gender.${value}`, { defaultValue: value });
    if (field === 'source') return t(`members:source.${value}`, { defaultValue: value });
    return value;
  };
  const mapped = new Set(Object.values(mapping));
  const fields = SHOWN.filter(
    (f) =>
      mapped.has(f) ||
      ((f === 'firstName' || f === 'lastName' || f === 'chineseName') && mapped.has('fullName')) ||
      f === 'homeCenterCode' ||
      f === 'status',
  );
  return (
    <section aria-labelledby="import-sample-title" data-testid="import-sample">
      <Typography.Title level={3} id="import-sample-title" className="import-section-title">
        {t('imports:preview.sampleTitle')}
      </Typography.Title>
      <Table<Record<string, string | null>>
        size="small"
        rowKey={(r) => r.row ?? ''}
        dataSource={[...sample]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'row', title: t('imports:preview.row'), dataIndex: 'row', width: 70 },
          ...fields.map((f) => ({
            key: f,
            title: fieldLabel(t, f),
            dataIndex: f,
            ellipsis: true,
            render: (value: string | null) => (value ? shown(f, value) : null),
          })),
        ]}
      />
    </section>
  );
}
