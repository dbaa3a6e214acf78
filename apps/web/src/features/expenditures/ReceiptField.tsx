import { DeleteOutlined, FileOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/api/download';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { formatSize } from '../../shared/intl';

/** The receipt in the drawer: the one kept, a new file chosen, or none. */
export type ReceiptValue =
  | { kind: 'kept'; fileName: string; size: number }
  | { kind: 'new'; file: File }
  | { kind: 'none' };

/** Kinds offered by the file picker; the server decides by the file's content. */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

/** Saves an expenditure's receipt with the staff member's token. */
export function useDownloadReceipt() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (id: string, fileName: string) =>
    downloadFile(`/pro/expenditures/${id}/receipt`, { fallbackName: fileName }).catch((error: unknown) => {
      void message.error(apiErrorMessage(t, error));
    });
}

interface Props {
  value?: ReceiptValue;
  onChange?: (value: ReceiptValue) => void;
  /** The expenditure whose kept receipt can be opened. */
  expenditureId: string | null;
  disabled?: boolean;
  id?: string;
}

export function ReceiptField({ value = { kind: 'none' }, onChange, expenditureId, disabled, id }: Props) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const download = useDownloadReceipt();
  const locale = i18n.resolvedLanguage ?? 'en';

  return (
    <Space wrap id={id} data-testid="receipt-field">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="receipt-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChange?.({ kind: 'new', file });
        }}
      />
      {value.kind === 'kept' && expenditureId && (
        <Button type="link" icon={<FileOutlined />} onClick={() => void download(expenditureId, value.fileName)}>
          {value.fileName} ({formatSize(value.size, locale)})
        </Button>
      )}
      {value.kind === 'new' && (
        <Typography.Text data-testid="receipt-chosen">
          <FileOutlined /> {value.file.name} ({formatSize(value.file.size, locale)})
        </Typography.Text>
      )}
      <Button icon={<PaperClipOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
        {value.kind === 'none' ? t('expenditures:receipt.attach') : t('expenditures:receipt.replace')}
      </Button>
      {value.kind !== 'none' && (
        <Button
          icon={<DeleteOutlined />}
          disabled={disabled}
          aria-label={t('expenditures:receipt.remove')}
          onClick={() => onChange?.({ kind: 'none' })}
        >
          {t('expenditures:receipt.remove')}
        </Button>
      )}
    </Space>
  );
}
