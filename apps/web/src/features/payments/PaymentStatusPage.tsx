import '../public/public.css';
import './pay.css';
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicLoadError, PublicMessage, PublicScreen, PublicSpinner } from '../public/PublicPage';
import { keepPolling, moneyIn, orderOutcome } from './orderProgress';
import { isNotFound, NotFoundPage } from './PublicPayParts';
import { orderKey, usePublicOrder } from './publicApi';
import { useMemberLanguage } from './publicLanguage';

function PaymentStatusContent() {
  const { t } = useTranslation();
  const orderId = useParams().order_id ?? '';
  const order = usePublicOrder(orderId);
  const client = useQueryClient();
  useMemberLanguage(order.data?.language);

  if (order.isPending) return <PublicSpinner />;
  if (order.isError && !order.data) {
    if (isNotFound(order.error)) return <NotFoundPage testId="payment-status-not-found" />;
    return (
      <PublicLoadError testId="payment-status-load-error" error={order.error} onRetry={() => void order.refetch()} />
    );
  }
  const data = order.data;
  const amount = moneyIn(data.amount, data.currency);
  const outcome = orderOutcome(data.state);
  const place = `${data.organisationName} · ${data.centerName}`;
  const waitingForReceipt =
    order.isFetching || keepPolling(data, client.getQueryState(orderKey(orderId))?.dataUpdateCount ?? 0);

  if (outcome === 'paid') {
    return (
      <PublicMessage
        testId="payment-status-paid"
        status="success"
        title={t('payments:status.paidTitle')}
        action={
          data.receiptUrl ? (
            <Button
              type="primary"
              size="large"
              icon={<DownloadOutlined />}
              href={data.receiptUrl}
              data-testid="receipt-download"
            >
              {t('payments:status.receipt')}
            </Button>
          ) : waitingForReceipt ? (
            <span className="pay-contact" role="status">
              <Spin size="small" /> {t('payments:status.receiptComing')}
            </span>
          ) : (
            <span className="pay-contact" data-testid="receipt-later">
              {t('payments:status.receiptLater', { place })}
            </span>
          )
        }
      >
        {t('payments:status.paidText', { amount, place })}
      </PublicMessage>
    );
  }
  if (outcome === 'failed') {
    const reason =
      data.state === 'failed'
        ? (data.failureReason ?? t('payments:status.failedText'))
        : t(`payments:status.${data.state === 'canceled' ? 'canceledText' : 'expiredText'}`);
    return (
      <PublicMessage
        testId={`payment-status-${data.state}`}
        status="error"
        title={t('payments:status.notPaidTitle')}
        action={
          data.retryUrl ? (
            <Button type="primary" size="large" href={data.retryUrl} data-testid="payment-retry">
              {t('payments:status.retry')}
            </Button>
          ) : undefined
        }
      >
        <span data-testid="payment-status-reason">{reason}</span> {t('payments:status.nothingCharged', { place })}
      </PublicMessage>
    );
  }
  return (
    <PublicMessage testId="payment-status-waiting" status="info" title={t('payments:status.waitingTitle')}>
      <span role="status" aria-live="polite">
        <Spin size="small" /> {t('payments:status.waitingText', { amount })}
      </span>
    </PublicMessage>
  );
}

/** Where the member comes back from the checkout: `/payment-status/:order_id/`, followed until final. */
export default function PaymentStatusPage() {
  return (
    <PublicScreen testId="screen-payment-status">
      <PaymentStatusContent />
    </PublicScreen>
  );
}
