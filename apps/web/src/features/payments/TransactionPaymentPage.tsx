import '../public/public.css';
import './pay.css';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDates } from '../../shared/useDates';
import { PublicForm, PublicLoadError, PublicMessage, PublicScreen, PublicSpinner } from '../public/PublicPage';
import { moneyIn } from './orderProgress';
import { AmountDue, CheckoutError, ContactLine, isNotFound, NotFoundPage, PayButton } from './PublicPayParts';
import { useCheckout, usePublicTransaction } from './publicApi';
import { useMemberLanguage } from './publicLanguage';

function TransactionContent() {
  const { t } = useTranslation();
  const dates = useDates();
  const uuid = useParams().transaction_uuid ?? '';
  const page = usePublicTransaction(uuid);
  const checkout = useCheckout(`/public/transactions/${encodeURIComponent(uuid)}/checkout`);
  useMemberLanguage(page.data?.language);

  if (page.isPending) return <PublicSpinner />;
  if (page.isError) {
    if (isNotFound(page.error)) return <NotFoundPage testId="transaction-not-found" />;
    return <PublicLoadError testId="transaction-load-error" error={page.error} onRetry={() => void page.refetch()} />;
  }
  const data = page.data;
  if (data.balance <= 0) {
    return (
      <PublicMessage testId="transaction-settled" status="success" title={t('payments:public.settledTitle')}>
        {t('payments:public.settledText', { invoice: data.invoiceNumber })}
        <ContactLine contact={data} />
      </PublicMessage>
    );
  }
  return (
    <PublicForm
      testId="transaction-form"
      titleKey="transactionPayment"
      subtitle={`${data.organisationName} · ${data.centerName}`}
    >
      <p className="public-lead">{t('payments:public.hello', { name: data.memberFirstName })}</p>
      <dl className="pay-details">
        <dt>{t('payments:public.invoice')}</dt>
        <dd>{data.invoiceNumber}</dd>
        <dt>{t('payments:public.issuedOn')}</dt>
        <dd>{dates.date(data.issuedOn)}</dd>
      </dl>
      <ul className="pay-lines" aria-label={t('payments:public.invoiceLines')}>
        {data.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines are fixed and in order
          <li key={index}>
            <span className="pay-lines__text">
              {line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description}
            </span>
            <span className="pay-lines__amount">{moneyIn(line.total, data.currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="pay-details">
        <dt>{t('payments:public.total')}</dt>
        <dd>{moneyIn(data.total, data.currency)}</dd>
        <dt>{t('payments:public.paid')}</dt>
        <dd>{moneyIn(data.paid, data.currency)}</dd>
      </dl>
      <AmountDue amount={data.balance} currency={data.currency} label={t('payments:public.balance')} />
      <CheckoutError error={checkout.error} />
      <PayButton
        busy={checkout.isPending || checkout.isSuccess}
        onPay={() => checkout.mutate({}, { onError: () => void page.refetch() })}
      >
        {t('payments:public.pay')}
      </PayButton>
      <ContactLine contact={data} />
    </PublicForm>
  );
}

/** A member pays one invoice's open balance: `/transaction-payment/:transaction_uuid/`. */
export default function TransactionPaymentPage() {
  return (
    <PublicScreen testId="screen-transaction-payment">
      <TransactionContent />
    </PublicScreen>
  );
}
