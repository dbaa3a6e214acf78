import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ShownSecret {
  readerName: string;
  sn: string;
  secret: string;
  rotated: boolean;
}

/**
 * The reader's secret, shown once: the server keeps only its hash, so this modal is the only place
 * it ever appears. Closing it forgets it; the modal cannot be dismissed by a stray click outside.
 */
export function ReaderSecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(shown)}
      title={shown?.rotated ? t('centers:readers.secretRotatedTitle') : t('centers:readers.secretTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="reader-secret-done">
          {t('centers:readers.secretDone')}
        </Button>
      }
    >
      {shown && (
        <div data-testid="reader-secret-modal">
          <Alert type="warning" showIcon title={t('centers:readers.secretWarning')} className="secret-warning" />
          <p>{t('centers:readers.secretFor', { name: shown.readerName, sn: shown.sn })}</p>
          <Typography.Paragraph
            className="secret-value"
            copyable={{
              text: shown.secret,
              tooltips: [t('centers:copy'), t('centers:copied')],
            }}
          >
            <code data-testid="reader-secret">{shown.secret}</code>
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
