import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getCenterId } from '../../shared/centerSelection';
import { subscribeRealtime } from '../../shared/realtime';
import { onlinePaymentNotice } from './onlinePaymentNotice';

/** How long the notice stays (it also closes on click); long enough to be seen from across the desk. */
const NOTICE_SECONDS = 15;

/**
 * The desk hears a member's online payment at once ("陳大文 paid HKD 500.00 online"), at the
 * member's centre, and the invoices and online payments on screen are read again.
 */
export function OnlinePaymentNotices() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      subscribeRealtime((payload) => {
        const notice = onlinePaymentNotice(payload);
        if (!notice || notice.centerId !== getCenterId()) return;
        void client.invalidateQueries({ queryKey: ['sales'] });
        void client.invalidateQueries({ queryKey: ['payments'] });
        const key = `online-payment-${Date.now()}`;
        notification.success({
          key,
          placement: 'topRight',
          duration: NOTICE_SECONDS,
          title: t('payments:notice.title'),
          description: <span data-testid="online-payment-notice">{notice.message}</span>,
          actions: notice.memberId ? (
            <Button
              size="small"
              onClick={() => {
                notification.destroy(key);
                void navigate(`/apps/student/edit/${notice.memberId}`);
              }}
            >
              {t('payments:notice.open')}
            </Button>
          ) : undefined,
        });
      }),
    [client, notification, navigate, t],
  );
  return null;
}
