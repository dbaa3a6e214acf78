/**
 * Receipt buttons of an invoice: print an 80 mm thermal receipt or an A4 invoice through the
 * browser's print window, or download the A4 PDF as `{number}.pdf`. The PDF is made by the server
 * (`GET /pro/invoices/{id}/pdf`) in the staff member's current language, fetched with their token.
 */
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile, saveBlob } from '../../../shared/api/download';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { currentLanguage } from '../../../shared/preferences';
import { printPdf } from './printPdf';

type Action = 'printReceipt' | 'printA4' | 'download';

const LAYOUT: Record<Action, 'receipt' | 'a4'> = { printReceipt: 'receipt', printA4: 'a4', download: 'a4' };

export function ReceiptActions({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation(['receipt', 'errors']);
  const [running, setRunning] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the screen stops a PDF nobody would see.
  useEffect(() => () => abort.current?.abort(), []);

  const run = async (action: Action) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(action);
    setError(null);
    try {
      const file = await fetchFile(`/pro/invoices/${invoiceId}/pdf`, {
        query: { layout: LAYOUT[action], lang: currentLanguage() },
        signal: controller.signal,
        fallbackName: `${invoiceId}.pdf`,
      });
      if (controller.signal.aborted) return;
      if (action === 'download') saveBlob(file.blob, file.fileName);
      else await printPdf(file.blob, { title: t('receipt:printFrameTitle') });
    } catch (cause) {
      if (controller.signal.aborted) return;
      // The PDF was made but the browser would not show it in the print frame: printing, not the server, failed.
      const printing = cause instanceof Error && cause.message.startsWith('print_frame_');
      setError(printing ? t('receipt:printBlocked') : t('receipt:failed', { reason: apiErrorMessage(t, cause) }));
    } finally {
      if (abort.current === controller) abort.current = null;
      setRunning(null);
    }
  };

  const button = (action: Action, icon: ReactNode) => (
    <Button
      icon={icon}
      loading={running === action}
      disabled={running !== null && running !== action}
      onClick={() => void run(action)}
      data-testid={`receipt-${action}`}
    >
      {t(`receipt:${action}`)}
    </Button>
  );

  return (
    <Space orientation="vertical" size="small" data-testid="receipt-actions">
      <Space wrap size="small" role="group" aria-label={t('receipt:actions')}>
        {button('printReceipt', <PrinterOutlined />)}
        {button('printA4', <PrinterOutlined />)}
        {button('download', <DownloadOutlined />)}
      </Space>
      {running && (
        <Typography.Text type="secondary" role="status">
          {t('receipt:preparing')}
        </Typography.Text>
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} closable onClose={() => setError(null)} />}
    </Space>
  );
}
