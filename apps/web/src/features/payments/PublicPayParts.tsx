import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { PublicMessage } from '../public/PublicPage';
import { moneyIn } from './orderProgress';

/** Whom the member can ask: the centre's phone and e-mail when it has them. */
export interface Contact {
  centerName: string;
  centerPhone: string | null;
  centerEmail: string | null;
}

export function ContactLine({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const ways = [contact.centerPhone, contact.centerEmail].filter(Boolean).join(' · ');
  return (
    <p className="pay-contact" data-testid="pay-contact">
      {ways
        ? t('payments:public.contactWith', { centre: contact.centerName, ways })
        : t('payments:public.contact', { centre: contact.centerName })}
    </p>
  );
}

/** The amount to pay, large, in the page's currency. */
export function AmountDue({ amount, currency, label }: { amount: number; currency: string; label: string }) {
  return (
    <div className="pay-amount">
      <span className="pay-amount__label">{label}</span>
      <strong className="pay-amount__value" data-testid="pay-amount">
        {moneyIn(amount, currency)}
      </strong>
    </div>
  );
}

/** A page address that names nothing (a mistyped or removed link). */
export function NotFoundPage({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <PublicMessage testId={testId} status="404" title={t('payments:public.notFoundTitle')}>
      {t('payments:public.notFoundText')}
    </PublicMessage>
  );
}

export const isNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * The one pay button: disabled while its checkout is being opened (a second click sends nothing),
 * and kept disabled while the browser goes to the provider's page.
 */
export function PayButton({
  busy,
  disabled,
  onPay,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onPay: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      size="large"
      block
      loading={busy}
      disabled={disabled || busy}
      onClick={() => {
        if (!busy) onPay();
      }}
      data-testid="pay-submit"
    >
      {children}
    </Button>
  );
}

export function CheckoutError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="public-alert"
      title={apiErrorMessage(t, error)}
      data-testid="pay-error"
    />
  );
}
