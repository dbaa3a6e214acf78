import { DeleteOutlined, FileExcelOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES } from '@gym/contract/imports';
import { App, Button, Form, Popconfirm, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { formatSize } from '../../../shared/intl';
import { type ImportPreset, useDeletePreset } from '../api';
import { type ChosenFile, checkFile, readAsBase64 } from '../file';

/** Saved column mappings to start from (the member import's presets). */
export interface PresetChoice {
  presets: readonly ImportPreset[];
  presetId: string | null;
  onPreset: (id: string | null) => void;
}

interface Props {
  file: ChosenFile | null;
  onFile: (file: ChosenFile | null) => void;
  centers: readonly { id: string; code: string; name: string }[];
  centerId: string | undefined;
  onCenter: (id: string) => void;
  /** Where the import's template is (offered as CSV and XLSX) and the name it is saved under. */
  template: { path: string; fileName: string };
  /** What the file should be, in the import's words. */
  lead: string;
  /** What the centre is for, in the import's words. */
  centerHint: string;
  /** Rows a file may hold. */
  maxRows: number;
  /** Without presets, the columns are recognised from their names and no choice is shown. */
  presets?: PresetChoice;
}

const AUTO = '__auto__';

/** Step 1: the file (dropped or chosen), the centre for rows without one, a saved mapping, the template. */
export function FileStep({
  file,
  onFile,
  centers,
  centerId,
  onCenter,
  template,
  lead,
  centerHint,
  maxRows,
  presets,
}: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const language = i18n.resolvedLanguage ?? 'en';
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const choose = async (picked: File) => {
    const check = checkFile(picked);
    if (!check.ok) {
      setProblem(
        check.reason === 'tooLarge'
          ? t('imports:file.tooLarge', { size: formatSize(IMPORT_MAX_BYTES, language) })
          : t('imports:file.wrongType'),
      );
      onFile(null);
      return;
    }
    setProblem(null);
    setReading(true);
    try {
      onFile({ name: picked.name, size: picked.size, format: check.format, data: await readAsBase64(picked) });
    } catch {
      setProblem(t('imports:file.readFailed'));
      onFile(null);
    } finally {
      setReading(false);
    }
  };

  const download = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadFile(template.path, {
        query: { format },
        fallbackName: `${template.fileName}.${format}`,
      });
    } catch (error) {
      void message.error(t('imports:file.templateFailed', { reason: apiErrorMessage(t, error) }));
    }
  };

  return (
    <div className="import-file-step">
      <div className="import-file-step__main">
        <p className="screen-lead">{lead}</p>
        <Upload.Dragger
          accept=".csv,.xlsx,.txt,.tsv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          disabled={reading}
          beforeUpload={(picked) => {
            void choose(picked);
            return Upload.LIST_IGNORE;
          }}
          data-testid="import-file-drop"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t('imports:file.drop')}</p>
          <p className="ant-upload-hint">
            {t('imports:file.limits', {
              size: formatSize(IMPORT_MAX_BYTES, language),
              rows: new Intl.NumberFormat(language).format(maxRows),
            })}
          </p>
        </Upload.Dragger>
        <div role="status" aria-live="polite" className="import-file-step__status">
          {problem && (
            <Typography.Text type="danger" data-testid="import-file-problem">
              {problem}
            </Typography.Text>
          )}
          {file && !problem && (
            <Space wrap>
              {file.format === 'xlsx' ? <FileExcelOutlined aria-hidden /> : <FileTextOutlined aria-hidden />}
              <span data-testid="import-file-name">
                {t('imports:file.chosen', { name: file.name, size: formatSize(file.size, language) })}
              </span>
              <Button size="small" type="link" onClick={() => onFile(null)}>
                {t('imports:file.replace')}
              </Button>
            </Space>
          )}
        </div>
      </div>

      <Form layout="vertical" className="import-file-step__side" component="div">
        <Form.Item label={t('imports:file.center')} extra={centerHint} htmlFor="import-center">
          <Select
            id="import-center"
            value={centerId}
            onChange={onCenter}
            options={centers.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            data-testid="import-center"
          />
        </Form.Item>
        {presets && <PresetSelect {...presets} />}
        <Form.Item label={t('imports:file.template')} extra={t('imports:file.templateHint')}>
          <Space wrap>
            <Button icon={<FileTextOutlined />} onClick={() => void download('csv')} data-testid="import-template-csv">
              {t('imports:file.templateCsv')}
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              onClick={() => void download('xlsx')}
              data-testid="import-template-xlsx"
            >
              {t('imports:file.templateXlsx')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}

/** A saved mapping to start from, or the columns recognised from their names; a saved one can be deleted. */
function PresetSelect({ presets, presetId, onPreset }: PresetChoice) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeletePreset();
  const preset = presets.find((p) => p.id === presetId);
  return (
    <Form.Item label={t('imports:file.preset')} htmlFor="import-preset">
      <Space.Compact className="full-width">
        <Select
          id="import-preset"
          value={presetId ?? AUTO}
          onChange={(value: string) => onPreset(value === AUTO ? null : value)}
          options={[
            { value: AUTO, label: t('imports:file.presetAuto') },
            ...presets.map((p) => ({ value: p.id, label: p.name })),
          ]}
          data-testid="import-preset"
        />
        {preset && (
          <Popconfirm
            title={t('imports:file.presetDeleteConfirm', { name: preset.name })}
            onConfirm={() =>
              remove.mutate(preset.id, {
                onSuccess: () => {
                  onPreset(null);
                  void message.success(t('imports:file.presetDeleted'));
                },
                onError: (error) => void message.error(apiErrorMessage(t, error)),
              })
            }
          >
            <Button icon={<DeleteOutlined />} aria-label={t('imports:file.presetDelete')} loading={remove.isPending} />
          </Popconfirm>
        )}
      </Space.Compact>
    </Form.Item>
  );
}
