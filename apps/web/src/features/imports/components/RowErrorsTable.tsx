import { DownloadOutlined } from '@ant-design/icons';
import type { ImportRowError } from '@gym/contract/imports';
import { Button, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/download';
import { errorsCsv, fieldLabel, type ImportWords, MEMBER_IMPORT_WORDS, rowErrorText, rowLabel } from '../rowErrors';

interface Props {
  errors: readonly ImportRowError[];
  /** Every error found, when the list holds only the first ones. */
  errorCount: number;
  /** Where the import's field labels and reasons are (the member import's by default). */
  words?: ImportWords;
}

/** Every bad row with its spreadsheet row number, column and reason; exportable as CSV to work through. */
export function RowErrorsTable({ errors, errorCount, words = MEMBER_IMPORT_WORDS }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const exportCsv = () => {
    const blob = new Blob([errorsCsv(t, errors, words, language)], { type: 'text/csv;charset=utf-8' });
    saveBlob(blob, `${t(`imports:${words.errorsFile}`)}.csv`);
  };
  return (
    <section aria-labelledby="import-errors-title" data-testid="import-errors">
      <div className="import-section-head">
        <Typography.Title level={3} id="import-errors-title" className="import-section-title">
          {t('imports:errors.title')} ({errorCount})
        </Typography.Title>
        <Button icon={<DownloadOutlined />} onClick={exportCsv} data-testid="import-errors-export">
          {t('imports:errors.export')}
        </Button>
      </div>
      <p className="screen-lead">{t('imports:errors.lead')}</p>
      {errorCount > errors.length && (
        <p className="field-hint">{t('imports:errors.more', { shown: errors.length, count: errorCount })}</p>
      )}
      <Table<ImportRowError & { key: string }>
        size="small"
        rowKey="key"
        dataSource={errors.map((e, i) => ({ ...e, key: `${e.row}-${e.field}-${i}` }))}
        pagination={errors.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 560 }}
        columns={[
          { key: 'row', title: t('imports:errors.row'), width: 90, render: (_, e) => rowLabel(t, e) },
          {
            key: 'field',
            title: t('imports:errors.field'),
            width: 180,
            render: (_, e) => fieldLabel(t, e.field, words),
          },
          {
            key: 'value',
            title: t('imports:errors.value'),
            width: 160,
            ellipsis: true,
            render: (_, e) => (e.params?.value !== undefined ? <span className="mono">{e.params.value}</span> : null),
          },
          { key: 'reason', title: t('imports:errors.reason'), render: (_, e) => rowErrorText(t, e, words, language) },
        ]}
      />
    </section>
  );
}
