import '../public/public.css';
import './pay.css';
import type { SimulatedOutcome } from '@gym/contract/payments';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicForm, PublicLoadError, PublicMessage, PublicScreen, PublicSpinner } from '../public/PublicPage';
import { moneyIn } from './orderProgress';
import { CheckoutError, isNotFound, NotFoundPage } from './PublicPayParts';
import { useAnswerSimulatedCheckout, useSimulatedSession } from './publicApi';

/** The outcomes offered, the first the usual one. */
const OUTCOMES: readonly { outcome: SimulatedOutcome; primary?: boolean; danger?: boolean }[] = [
  { outcome: 'success', primary: true },
  { outcome: 'action' },
  { outcome: 'pending' },
  { outcome: 'decline', danger: true },
  { outcome: 'cancel' },
];

function SimulatedCheckoutContent() {
  const { t } = useTranslation();
  const sessionId = useParams().session_id ?? '';
  const session = useSimulatedSession(sessionId);
  const answer = useAnswerSimulatedCheckout(sessionId);
  const [leaving, setLeaving] = useState(false);

  if (session.isPending) return <PublicSpinner />;
  if (session.isError) {
    if (isNotFound(session.error)) return <NotFoundPage testId="sim-not-found" />;
    return <PublicLoadError testId="sim-load-error" error={session.error} onRetry={() => void session.refetch()} />;
  }
  const current = answer.data ?? session.data;
  const back = () => {
    setLeaving(true);
    window.location.assign(current.returnUrl);
  };
  const choose = (outcome: SimulatedOutcome) => {
    if (answer.isPending || leaving) return;
    answer.mutate(outcome, {
      onSuccess: (next) => {
        // The bank's check comes first for "action"; every other answer goes back to the centre's page.
        if (next.status !== 'requires_action') {
          setLeaving(true);
          window.location.assign(next.returnUrl);
        }
      },
    });
  };
  const busy = answer.isPending || leaving;

  if (current.status !== 'open' && current.status !== 'requires_action') {
    return (
      <PublicMessage
        testId="sim-closed"
        status="info"
        title={t('payments:simulated.closedTitle')}
        action={
          <Button type="primary" onClick={back} loading={leaving} data-testid="sim-back">
            {t('payments:simulated.back', { merchant: current.merchantName })}
          </Button>
        }
      >
        {t(`payments:simulated.status.${current.status}`)}
      </PublicMessage>
    );
  }

  return (
    <PublicForm testId="sim-checkout" titleKey="simulatedCheckout" subtitle={current.merchantName}>
      <span className="sim-badge">{t('payments:simulated.testMode')}</span>
      <div className="pay-amount">
        <span className="pay-amount__label">{current.description}</span>
        <strong className="pay-amount__value" data-testid="pay-amount">
          {moneyIn(current.amount, current.currency)}
        </strong>
      </div>
      <CheckoutError error={answer.error} />
      {current.status === 'requires_action' ? (
        <div className="sim-outcomes" data-testid="sim-action">
          <p className="public-lead">{t('payments:simulated.actionText')}</p>
          <Button
            type="primary"
            size="large"
            block
            loading={busy}
            onClick={() => choose('success')}
            data-testid="sim-confirm"
          >
            {t('payments:simulated.confirm')}
          </Button>
          <Button size="large" block disabled={busy} onClick={() => choose('cancel')} data-testid="sim-cancel">
            {t('payments:simulated.outcome.cancel')}
          </Button>
        </div>
      ) : (
        <>
          <div className="sim-card" aria-describedby="sim-card-note">
            <div>
              <label htmlFor="sim-card-number">{t('payments:simulated.cardNumber')}</label>
              <Input id="sim-card-number" size="large" value="4242 4242 4242 4242" readOnly autoComplete="off" />
            </div>
            <div className="sim-card__row">
              <div>
                <label htmlFor="sim-card-expiry">{t('payments:simulated.expiry')}</label>
                <Input id="sim-card-expiry" size="large" value="12 / 34" readOnly autoComplete="off" />
              </div>
              <div>
                <label htmlFor="sim-card-cvc">{t('payments:simulated.cvc')}</label>
                <Input id="sim-card-cvc" size="large" value="123" readOnly autoComplete="off" />
              </div>
            </div>
            <p id="sim-card-note" className="public-lead">
              {t('payments:simulated.note')}
            </p>
          </div>
          <div className="sim-outcomes">
            {OUTCOMES.map(({ outcome, primary, danger }) => (
              <Button
                key={outcome}
                type={primary ? 'primary' : 'default'}
                danger={danger}
                size="large"
                block
                disabled={busy}
                loading={busy && answer.variables === outcome}
                onClick={() => choose(outcome)}
                data-testid={`sim-${outcome}`}
              >
                {outcome === 'success'
                  ? t('payments:simulated.pay', { amount: moneyIn(current.amount, current.currency) })
                  : t(`payments:simulated.outcome.${outcome}`)}
              </Button>
            ))}
          </div>
        </>
      )}
    </PublicForm>
  );
}

/** The simulated provider's hosted checkout: `/simulated-checkout/:session_id`. */
export default function SimulatedCheckoutPage() {
  return (
    <PublicScreen testId="screen-simulated-checkout">
      <SimulatedCheckoutContent />
    </PublicScreen>
  );
}
