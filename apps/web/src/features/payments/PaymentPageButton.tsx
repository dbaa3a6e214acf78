import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { useCopyLink } from './PayLinkShare';
import { QrCode } from './QrCode';

type Target = { kind: 'member'; memberId: string } | { kind: 'invoice'; invoiceId: string; number: string };

const pathOf = (target: Target) =>
  target.kind === 'member'
    ? `/pro/students/${encodeURIComponent(target.memberId)}/payment-id`
    : `/pro/invoices/${encodeURIComponent(target.invoiceId)}/payment-page`;

/**
 * The address of the member's own payment page (everything owed up to today) or of one invoice's
 * page: made on first use (the server keeps the same random id after), shown to copy or scan.
 */
export function PaymentPageButton({ target }: { target: Target }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = useCopyLink();
  const [url, setUrl] = useState<string | null>(null);
  const issue = useMutation({ mutationFn: () => api.post<{ url: string }>(pathOf(target), {}) });
  const label =
    target.kind === 'member'
      ? t('payments:page.memberLabel')
      : t('payments:page.invoiceLabel', { number: target.number });
  return (
    <>
      <Button
        icon={<LinkOutlined />}
        loading={issue.isPending}
        onClick={() =>
          issue.mutate(undefined, {
            onSuccess: (answer) => setUrl(answer.url),
            onError: (error) => void message.error(apiErrorMessage(t, error)),
          })
        }
        data-testid={`${target.kind}-payment-page`}
      >
        {target.kind === 'member' ? t('payments:page.memberButton') : t('payments:page.invoiceButton')}
      </Button>
      <Modal
        open={Boolean(url)}
        onCancel={() => setUrl(null)}
        footer={null}
        title={label}
        destroyOnHidden
        data-testid="payment-page-dialog"
      >
        {url && (
          <div className="pay-link-qr">
            <p>{target.kind === 'member' ? t('payments:page.memberHelp') : t('payments:page.invoiceHelp')}</p>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                readOnly
                value={url}
                aria-label={label}
                onFocus={(e) => e.target.select()}
                data-testid="payment-page-url"
              />
              <Button icon={<CopyOutlined />} onClick={() => void copy(url)}>
                {t('payments:share.copy')}
              </Button>
            </Space.Compact>
            <QrCode text={url} label={label} pixels={220} />
          </div>
        )}
      </Modal>
    </>
  );
}
