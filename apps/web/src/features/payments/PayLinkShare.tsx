import { CopyOutlined, MailOutlined, QrcodeOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { type PayLink, useEmailPayLink } from './api';
import { QrCode } from './QrCode';

/** Copy the link's address to the clipboard, with a message either way. */
export function useCopyLink() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('payments:share.copied'));
    } catch {
      void message.error(t('payments:share.copyFailed'));
    }
  };
}

/** Send the link to the member by e-mail (in the member's language; the server writes it). */
export function useSendLink() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useEmailPayLink();
  return {
    pending: send.isPending,
    send: (link: PayLink) =>
      send.mutate(link.id, {
        onSuccess: ({ to }) => void message.success(t('payments:share.sent', { to })),
        onError: (error) => void message.error(apiErrorMessage(t, error)),
      }),
  };
}

/** The link's QR code in a dialog, for the member to scan at the desk. */
export function QrDialog({ link, onClose }: { link: PayLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(link)}
      onCancel={onClose}
      footer={null}
      title={t('payments:share.qrTitle')}
      destroyOnHidden
      data-testid="pay-link-qr-dialog"
    >
      {link && (
        <div className="pay-link-qr">
          <QrCode text={link.url} label={t('payments:share.qrLabel', { member: link.member.name })} pixels={240} />
          <p>{t('payments:share.qrHelp')}</p>
        </div>
      )}
    </Modal>
  );
}

/** What staff do with a link they made: copy it, show its QR code, send it by e-mail. */
export function PayLinkShare({ link }: { link: PayLink }) {
  const { t } = useTranslation();
  const copy = useCopyLink();
  const mail = useSendLink();
  const [qr, setQr] = useState(false);
  return (
    <div className="pay-link-share" data-testid="pay-link-share">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={link.url}
          aria-label={t('payments:share.address')}
          onFocus={(e) => e.target.select()}
          data-testid="pay-link-url"
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy(link.url)} data-testid="pay-link-copy">
          {t('payments:share.copy')}
        </Button>
      </Space.Compact>
      <Space wrap style={{ marginTop: 12 }}>
        <Button icon={<QrcodeOutlined />} onClick={() => setQr(true)} data-testid="pay-link-show-qr">
          {t('payments:share.qr')}
        </Button>
        <Button
          icon={<MailOutlined />}
          loading={mail.pending}
          onClick={() => mail.send(link)}
          data-testid="pay-link-email"
        >
          {t('payments:share.email')}
        </Button>
      </Space>
      <QrDialog link={qr ? link : null} onClose={() => setQr(false)} />
    </div>
  );
}
