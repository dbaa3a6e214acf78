/**
 * CSV and XLSX export of the list on screen: downloads `<path>?format=…&<filters>` with the
 * staff member's token, shows what has arrived so far (exports are streamed, so their size is
 * rarely known up front), and saves the file under the server's name.
 *
 * Its words are the `members:export.*` keys: the `common` namespace belongs to the shell, and
 * every list screen (members, staff, centres, rooms…) may use these keys.
 */
import './exportButtons.css';
import { CloseOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../api/client';
import { downloadFile } from '../api/download';
import { apiErrorMessage } from '../api/errorMessages';

export type ExportFormat = 'csv' | 'xlsx';

interface Props {
  /** API path of the export, e.g. `/pro/students/export`. */
  path: string;
  /** The current filters (no paging); `format` is added. */
  query: Record<string, QueryValue>;
  /** File name (without extension) when the server names none. */
  fileName: string;
  formats?: readonly ExportFormat[];
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
}

const ICONS: Record<ExportFormat, ReactNode> = {
  csv: <FileTextOutlined />,
  xlsx: <FileExcelOutlined />,
};

export function ExportButtons({ path, query, fileName, formats = ['csv', 'xlsx'], disabled, size }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [received, setReceived] = useState(0);
  const abort = useRef<AbortController | null>(null);

  // Leaving the screen stops a download nobody would see finish.
  useEffect(() => () => abort.current?.abort(), []);

  const kilobytes = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  });

  const run = async (format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(format);
    setReceived(0);
    try {
      const file = await downloadFile(path, {
        query: { ...query, format },
        signal: controller.signal,
        fallbackName: `${fileName}.${format}`,
        onProgress: ({ received: bytes }) => setReceived(bytes),
      });
      void message.success(t('members:export.done', { file: file.fileName }));
    } catch (error) {
      if (controller.signal.aborted) void message.info(t('members:export.cancelled'));
      else void message.error(t('members:export.failed', { reason: apiErrorMessage(t, error) }));
    } finally {
      if (abort.current === controller) abort.current = null;
      setRunning(null);
    }
  };

  return (
    <Space size="small" wrap className="export-buttons" data-testid="export-buttons">
      {formats.map((format) => (
        <Button
          key={format}
          size={size}
          icon={ICONS[format]}
          loading={running === format}
          disabled={disabled || (running !== null && running !== format)}
          onClick={() => void run(format)}
          data-testid={`export-${format}`}
        >
          {t(format === 'csv' ? 'members:export.csv' : 'members:export.xlsx')}
        </Button>
      ))}
      <span className="export-buttons__progress" role="status" aria-live="polite" data-testid="export-progress">
        {running &&
          (received > 0
            ? t('members:export.progress', { size: kilobytes.format(Math.max(1, Math.round(received / 1024))) })
            : t('members:export.preparing'))}
      </span>
      {running && (
        <Button
          size={size}
          type="text"
          icon={<CloseOutlined />}
          onClick={() => abort.current?.abort()}
          data-testid="export-cancel"
        >
          {t('members:export.cancel')}
        </Button>
      )}
    </Space>
  );
}
