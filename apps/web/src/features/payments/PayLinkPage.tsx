import '../public/public.css';
import './pay.css';
import type { PayLinkState } from '@gym/contract/payments';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useDates } from '../../shared/useDates';
import { PublicForm, PublicLoadError, PublicMessage, PublicScreen, PublicSpinner } from '../public/PublicPage';
import {
  AmountDue,
  CheckoutError,
  type Contact,
  ContactLine,
  isNotFound,
  NotFoundPage,
  PayButton,
} from './PublicPayParts';
import { useCheckout, usePublicPayLink } from './publicApi';
import { useMemberLanguage } from './publicLanguage';

/** A link that can no longer be paid: it says why and whom to ask. */
function EndedLink({ state, contact }: { state: Exclude<PayLinkState, 'active'>; contact: Contact }) {
  const { t } = useTranslation();
  return (
    <PublicMessage
      testId={`pay-link-${state}`}
      status={state === 'paid' ? 'success' : 'warning'}
      title={t(`payments:public.ended.${state}Title`)}
    >
      {t(`payments:public.ended.${state}Text`)}
      <ContactLine contact={contact} />
    </PublicMessage>
  );
}

const REFUSED = ['pay_link_paid', 'pay_link_expired', 'pay_link_revoked', 'pay_link_outdated'];

function PayLinkContent() {
  const { t } = useTranslation();
  const dates = useDates();
  const token = useParams().paylink_token ?? '';
  const link = usePublicPayLink(token);
  const checkout = useCheckout(`/public/pay-links/${encodeURIComponent(token)}/checkout`);
  useMemberLanguage(link.data?.language);

  if (link.isPending) return <PublicSpinner />;
  if (link.isError) {
    if (isNotFound(link.error)) return <NotFoundPage testId="pay-link-not-found" />;
    return <PublicLoadError testId="pay-link-load-error" error={link.error} onRetry={() => void link.refetch()} />;
  }
  const data = link.data;
  if (data.state !== 'active') return <EndedLink state={data.state} contact={data} />;

  return (
    <PublicForm testId="pay-link-form" titleKey="payLink" subtitle={`${data.organisationName} · ${data.centerName}`}>
      <p className="public-lead">{t('payments:public.hello', { name: data.memberFirstName })}</p>
      <dl className="pay-details">
        {data.description && (
          <>
            <dt>{t('payments:public.for')}</dt>
            <dd data-testid="pay-description">{data.description}</dd>
          </>
        )}
        <dt>{t('payments:public.invoice')}</dt>
        <dd>{data.invoiceNumber}</dd>
        {data.dueOn && (
          <>
            <dt>{t('payments:public.dueOn')}</dt>
            <dd>{dates.date(data.dueOn)}</dd>
          </>
        )}
        <dt>{t('payments:public.validUntil')}</dt>
        <dd>{dates.dateTime(data.expiresAt)}</dd>
      </dl>
      <AmountDue amount={data.amount} currency={data.currency} label={t('payments:public.toPay')} />
      <CheckoutError error={checkout.error} />
      <PayButton
        busy={checkout.isPending || checkout.isSuccess}
        onPay={() =>
          checkout.mutate(
            {},
            {
              onError: (error) => {
                // Paid, expired or revoked meanwhile (another tab, the desk): the page says so.
                if (isApiError(error) && REFUSED.includes(error.error)) void link.refetch();
              },
            },
          )
        }
      >
        {t('payments:public.pay')}
      </PayButton>
      <ContactLine contact={data} />
    </PublicForm>
  );
}

/** A member pays a pay link: `/pay_link/:paylink_token/`. */
export default function PayLinkPage() {
  return (
    <PublicScreen testId="screen-pay-link">
      <PayLinkContent />
    </PublicScreen>
  );
}
