import '../public/public.css';
import './pay.css';
import { Checkbox } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDates } from '../../shared/useDates';
import { PublicForm, PublicLoadError, PublicMessage, PublicScreen, PublicSpinner } from '../public/PublicPage';
import { moneyIn } from './orderProgress';
import { AmountDue, CheckoutError, ContactLine, isNotFound, NotFoundPage, PayButton } from './PublicPayParts';
import { useCheckout, usePublicOwed } from './publicApi';
import { useMemberLanguage } from './publicLanguage';
import { selectedTotal } from './selection';

function MemberPaymentContent() {
  const { t } = useTranslation();
  const dates = useDates();
  const params = useParams();
  const studentUuid = params.student_uuid ?? '';
  const date = params.date ?? '';
  const page = usePublicOwed(studentUuid, date);
  const checkout = useCheckout(
    `/public/payments/${encodeURIComponent(studentUuid)}/${encodeURIComponent(date)}/checkout`,
  );
  useMemberLanguage(page.data?.language);
  const lines = useMemo(() => page.data?.lines ?? [], [page.data]);
  // Every line is ticked at first: paying all is the usual case.
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  useEffect(() => {
    setChosen((current) => {
      const keys = new Set(lines.map((l) => l.key));
      if (!current) return keys;
      return new Set([...current].filter((k) => keys.has(k)));
    });
  }, [lines]);

  if (page.isPending) return <PublicSpinner />;
  if (page.isError) {
    if (isNotFound(page.error)) return <NotFoundPage testId="member-payment-not-found" />;
    return (
      <PublicLoadError testId="member-payment-load-error" error={page.error} onRetry={() => void page.refetch()} />
    );
  }
  const data = page.data;
  if (lines.length === 0) {
    return (
      <PublicMessage testId="member-payment-nothing" status="success" title={t('payments:public.nothingTitle')}>
        {t('payments:public.nothingText', { date: dates.date(data.date) })}
        <ContactLine contact={data} />
      </PublicMessage>
    );
  }
  const picked = chosen ?? new Set(lines.map((l) => l.key));
  const total = selectedTotal(lines, picked);
  const all = picked.size === lines.length;
  const toggle = (key: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(key);
    else next.delete(key);
    setChosen(next);
  };

  return (
    <PublicForm
      testId="member-payment-form"
      titleKey="payment"
      subtitle={`${data.organisationName} · ${data.centerName}`}
    >
      <p className="public-lead">
        {t('payments:public.owedLead', { name: data.memberFirstName, date: dates.date(data.date) })}
      </p>
      <Checkbox
        checked={all}
        indeterminate={!all && picked.size > 0}
        onChange={(e) => setChosen(e.target.checked ? new Set(lines.map((l) => l.key)) : new Set())}
        data-testid="pay-all"
      >
        {t('payments:public.selectAll')}
      </Checkbox>
      <ul className="pay-lines" aria-label={t('payments:public.owedLines')}>
        {lines.map((line) => (
          <li key={line.key} data-testid="owed-line">
            <Checkbox checked={picked.has(line.key)} onChange={(e) => toggle(line.key, e.target.checked)}>
              <span className="pay-lines__text">
                <span>
                  {line.description} · {line.invoiceNumber}
                </span>
                <span className="pay-lines__due">
                  {t('payments:public.dueOnDate', { date: dates.date(line.dueOn) })}
                </span>
              </span>
            </Checkbox>
            <span className="pay-lines__amount">{moneyIn(line.amount, data.currency)}</span>
          </li>
        ))}
      </ul>
      <AmountDue amount={total} currency={data.currency} label={t('payments:public.toPay')} />
      <CheckoutError error={checkout.error} />
      <PayButton
        busy={checkout.isPending || checkout.isSuccess}
        disabled={picked.size === 0}
        onPay={() =>
          checkout.mutate(all ? {} : { lines: lines.filter((l) => picked.has(l.key)).map((l) => l.key) }, {
            onError: () => void page.refetch(),
          })
        }
      >
        {picked.size === 0 ? t('payments:public.pickOne') : t('payments:public.pay')}
      </PayButton>
      <ContactLine contact={data} />
    </PublicForm>
  );
}

/** What a member owes up to a day, all or some paid in one checkout: `/payment/:student_uuid/:date/`. */
export default function MemberPaymentPage() {
  return (
    <PublicScreen testId="screen-member-payment">
      <MemberPaymentContent />
    </PublicScreen>
  );
}
