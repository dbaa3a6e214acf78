import type { Invoice } from '@gym/contract/sales';
import { Button, Card, Descriptions, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { MoneyText } from '../../shared/ui/MoneyText';
import { memberPath } from '../members/paths';
import { ReceiptActions } from './receipt/ReceiptActions';

/** After a sale: the invoice number, what was paid (and the change), the balance, the next installment, the receipt. */
export function SaleSuccess({
  invoice,
  onAnother,
  returnTo = null,
}: {
  invoice: Invoice;
  onAnother?: () => void;
  /** Where the sale was made on the way to (booking the classes it pays for): offered first. */
  returnTo?: string | null;
}) {
  const { t } = useTranslation();
  const payment = invoice.payments.find((p) => p.kind === 'payment');
  return (
    <Card variant="borderless" data-testid="sale-success">
      <Result
        status="success"
        title={
          <span>
            {t('sales:success.title')}{' '}
            <span className="mono" data-testid="sale-invoice-number">
              {invoice.number}
            </span>
          </span>
        }
        subTitle={t('sales:success.text', { member: invoice.member.name })}
        extra={
          <Space wrap>
            {returnTo && (
              <ButtonLink type="primary" to={returnTo} data-testid="sale-return">
                {t('sales:success.backToBooking')}
              </ButtonLink>
            )}
            <ButtonLink
              type={returnTo ? 'default' : 'primary'}
              to={memberPath(invoice.member.id)}
              data-testid="sale-member-link"
            >
              {t('sales:success.toMember')}
            </ButtonLink>
            <ButtonLink to={`/invoice?open=${invoice.id}`}>{t('sales:success.toInvoice')}</ButtonLink>
            {onAnother && <Button onClick={onAnother}>{t('sales:success.another')}</Button>}
          </Space>
        }
      />
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} className="sale-success__facts">
        <Descriptions.Item label={t('sales:fields.total')}>
          <MoneyText value={invoice.totalMinor} />
        </Descriptions.Item>
        <Descriptions.Item label={t('sales:fields.paid')}>
          <MoneyText value={invoice.paidMinor} data-testid="sale-paid" />
        </Descriptions.Item>
        {payment?.changeMinor !== null && payment?.changeMinor !== undefined && (
          <Descriptions.Item label={t('sales:pay.change')}>
            <MoneyText value={payment.changeMinor} data-testid="sale-change" />
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('sales:fields.balance')}>
          <MoneyText value={invoice.balanceMinor} data-testid="sale-balance" />
        </Descriptions.Item>
        <Descriptions.Item label={t('sales:fields.nextDue')}>
          {invoice.nextDue ? (
            <span data-testid="sale-next-due">
              {invoice.nextDue.dueOn} · <MoneyText value={invoice.nextDue.amountMinor} />
            </span>
          ) : (
            t('sales:fields.nothingDue')
          )}
        </Descriptions.Item>
      </Descriptions>
      <div className="sale-success__receipt" data-testid="sale-receipt">
        <ReceiptActions invoiceId={invoice.id} />
      </div>
    </Card>
  );
}
