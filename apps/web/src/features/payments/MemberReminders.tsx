import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../shared/ui/MoneyText';
import { SectionTable } from '../../shared/ui/OneLineTable';
import { useDates } from '../../shared/useDates';
import { type PaymentReminder, useMemberReminders } from './api';

/** `−3` / `+1`: an offset in days from the due date, signed. */
const offsetText = (days: number) => (days < 0 ? `−${-days}` : `+${days}`);

/**
 * The member file's small table of payment reminders: when each went out (or was skipped), which
 * offset of which due date, the amount, and the pay link it carried. Nothing shows until one exists.
 */
export function MemberReminders({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const reminders = useMemberReminders(memberId);
  const items = reminders.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section data-testid="member-reminders">
      <Typography.Title level={5}>{t('payments:reminders.sentTitle')}</Typography.Title>
      <SectionTable<PaymentReminder>
        dataSource={items}
        columns={[
          { key: 'at', title: t('payments:reminders.at'), render: (_: unknown, r) => dates.dateTime(r.at) },
          {
            key: 'offset',
            title: t('payments:reminders.offset'),
            render: (_: unknown, r) =>
              `${offsetText(r.offsetDays)} · ${t('payments:reminders.dueOn', { date: dates.date(r.dueOn), number: r.invoiceNumber })}`,
          },
          {
            key: 'amount',
            title: t('payments:reminders.amount'),
            align: 'right',
            render: (_: unknown, r) => <MoneyText value={r.amount} />,
          },
          {
            key: 'outcome',
            title: t('payments:reminders.outcomeTitle'),
            render: (_: unknown, r) => (
              <Tag color={r.outcome === 'sent' ? 'green' : undefined} data-outcome={r.outcome}>
                {t(`payments:reminders.outcome.${r.outcome}`)}
              </Tag>
            ),
          },
          {
            key: 'link',
            title: t('payments:reminders.link'),
            render: (_: unknown, r) =>
              r.url ? (
                <Typography.Link href={r.url} target="_blank" rel="noopener" copyable={{ text: r.url }}>
                  {r.sentTo}
                </Typography.Link>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}
