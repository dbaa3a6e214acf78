import type { InvoiceSummary } from '@gym/contract/sales';
import { Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAbility } from '../../../shared/acl';
import { MoneyText, moneyColumn } from '../../../shared/ui/MoneyText';
import { SectionTable } from '../../../shared/ui/OneLineTable';
import { EmptyState, QueryState } from '../../../shared/ui/ScreenStates';
import { useDates } from '../../../shared/useDates';
import { MemberReminders } from '../../payments/MemberReminders';
import { PaymentPageButton } from '../../payments/PaymentPageButton';
import { useInvoices } from '../api';
import { InvoiceDrawer } from '../InvoiceDrawer';
import { InvoiceStateTag } from '../InvoiceStateTag';
import { AccountSummary } from './AccountSummary';

/** The member file's "Invoices": the member's invoices with their balance, each opening its detail. */
export function MemberInvoicesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const ability = useAbility();
  const readable = ability.can('read', 'Sale');
  const canSeeLinks = ability.can('read', 'Payment');
  const canPayOnline = ability.can('create', 'Payment');
  const [page, setPage] = useState(1);
  const invoices = useInvoices({ memberId, page, pageSize: 10, sort: '-issuedOn' }, readable);
  const [open, setOpen] = useState<string | null>(null);
  if (!readable) return <EmptyState description={t('sales:member.noAccess')} />;
  return (
    <div className="member-tab" data-testid="member-invoices">
      <Space wrap style={{ marginBottom: 12 }}>
        <AccountSummary memberId={memberId} showNext />
        {canSeeLinks && (
          <Link to={`/pay-links?member=${memberId}`} data-testid="member-pay-links">
            {t('payments:links.ofMember')}
          </Link>
        )}
        {canPayOnline && <PaymentPageButton target={{ kind: 'member', memberId }} />}
      </Space>
      <QueryState query={invoices} isEmpty={(data) => data.items.length === 0} emptyText={t('sales:member.noInvoices')}>
        {(data) => (
          <SectionTable<InvoiceSummary>
            dataSource={data.items}
            data-testid="member-invoice-table"
            onRow={() => ({ 'data-testid': 'member-invoice-row' }) as object}
            pagination={{ current: page, pageSize: 10, total: data.total, onChange: setPage }}
            columns={[
              {
                key: 'number',
                title: t('sales:fields.number'),
                render: (_: unknown, r) => (
                  <a
                    href={`/invoice?open=${r.id}`}
                    className="mono"
                    onClick={(e) => {
                      e.preventDefault();
                      setOpen(r.id);
                    }}
                  >
                    {r.number}
                  </a>
                ),
              },
              {
                key: 'date',
                title: t('sales:fields.date'),
                dataIndex: 'issuedOn',
                render: (day: string) => dates.date(day),
              },
              moneyColumn('total', t('sales:fields.total'), (r) => r.totalMinor),
              moneyColumn('paid', t('sales:fields.paid'), (r) => r.paidMinor),
              {
                key: 'balance',
                title: t('sales:fields.balance'),
                align: 'right',
                render: (_: unknown, r) =>
                  r.overdueMinor > 0 ? (
                    <Typography.Text type="danger">
                      <MoneyText value={r.balanceMinor} />
                    </Typography.Text>
                  ) : (
                    <MoneyText value={r.balanceMinor} />
                  ),
              },
              {
                key: 'state',
                title: t('sales:fields.state'),
                render: (_: unknown, r) => <InvoiceStateTag status={r.state} />,
              },
            ]}
          />
        )}
      </QueryState>
      {canSeeLinks && <MemberReminders memberId={memberId} />}
      <InvoiceDrawer invoiceId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
