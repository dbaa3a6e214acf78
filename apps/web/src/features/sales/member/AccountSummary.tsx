import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { useDates } from '../../../shared/useDates';
import { useOverdueFlag } from '../../payments/api';
import { useMemberAccount } from '../api';

/** A solid red dark enough for white text (WCAG AA); antd's light `error` preset is not. */
export const OVERDUE_RED = '#b3261e';

/** The member's balance due, the overdue part in red, and the next installment. */
export function AccountSummary({ memberId, showNext = false }: { memberId: string; showNext?: boolean }) {
  const { t } = useTranslation();
  const dates = useDates();
  const account = useMemberAccount(memberId);
  const flag = useOverdueFlag(memberId, (account.data?.overdueMinor ?? 0) > 0).data?.overdue ?? null;
  if (!account.data) return <span className="field-hint">—</span>;
  const a = account.data;
  if (a.balanceMinor === 0) {
    return (
      <span data-testid="member-balance" data-balance="0">
        {t('sales:account.nothingDue')}
      </span>
    );
  }
  return (
    <Space wrap size={4} data-testid="member-balance" data-balance={a.balanceMinor}>
      <span>
        {t('sales:account.due')} <MoneyText value={a.balanceMinor} />
      </span>
      {a.overdueMinor > 0 && (
        <Tag color={OVERDUE_RED} data-testid="member-overdue" data-days={flag?.days}>
          {flag ? t('payments:overdue.days', { count: flag.days }) : t('sales:account.overdue')}{' '}
          <MoneyText value={a.overdueMinor} />
        </Tag>
      )}
      {flag?.blocksBookings && <Tag data-testid="member-bookings-blocked">{t('payments:overdue.bookingsBlocked')}</Tag>}
      {showNext && a.nextDue && (
        <Typography.Text type="secondary" data-testid="member-next-due">
          {t('sales:account.next', { date: dates.date(a.nextDue.dueOn) })} <MoneyText value={a.nextDue.amountMinor} />
        </Typography.Text>
      )}
    </Space>
  );
}
