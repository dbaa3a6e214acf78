import './public.css';
import { cardNumberSchema } from '@gym/contract/members';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, applyFieldErrors, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { StackedForm } from '../../shared/ui/StackedForm';
import { useCardLinkInfo, useLinkCard } from './api';
import {
  PublicForm,
  PublicFormError,
  PublicLoadError,
  PublicMessage,
  PublicScreen,
  PublicSpinner,
  PublicSubmit,
  tooManyAttempts,
} from './PublicPage';

type Ending = 'invalid' | 'expired' | 'used';

/** What a refused link means for the member: 404 not valid, 410 expired or already used. */
function endingOf(error: unknown): Ending | null {
  if (!isApiError(error)) return null;
  if (error.error === 'token_used') return 'used';
  if (error.error === 'token_expired') return 'expired';
  if (error.status === 404 || error.status === 400 || error.error === 'token_invalid') return 'invalid';
  if (error.status === 410) return 'expired';
  return null;
}

function EndingPage({ ending }: { ending: Ending }) {
  const { t } = useTranslation();
  const texts = {
    invalid: { title: t('public:cardLink.invalidTitle'), text: t('public:cardLink.invalidText') },
    expired: { title: t('public:cardLink.expiredTitle'), text: t('public:cardLink.expiredText') },
    used: { title: t('public:cardLink.usedTitle'), text: t('public:cardLink.usedText') },
  }[ending];
  return (
    <PublicMessage testId={`card-link-${ending}`} status={ending === 'invalid' ? '404' : 'warning'} title={texts.title}>
      {texts.text}
    </PublicMessage>
  );
}

function CardLinkContent() {
  const { t } = useTranslation();
  const params = useParams();
  const centerId = params.center_id ?? '';
  const token = params.token ?? '';
  const info = useCardLinkInfo(centerId, token);
  const link = useLinkCard(centerId, token);
  const [form] = Form.useForm<{ cardNumber: string }>();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [linked, setLinked] = useState<string | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);

  if (info.isPending) return <PublicSpinner />;

  const refused = ending ?? (info.isError ? endingOf(info.error) : null);
  if (refused) return <EndingPage ending={refused} />;

  if (info.isError) {
    return <PublicLoadError testId="card-link-load-error" error={info.error} onRetry={() => void info.refetch()} />;
  }

  const { memberFirstName, centerName, organisationName } = info.data;

  if (linked) {
    return (
      <PublicMessage testId="card-link-done" status="success" title={t('public:cardLink.doneTitle')}>
        {t('public:cardLink.doneText', { number: linked, centre: centerName })}
      </PublicMessage>
    );
  }

  return (
    <PublicForm testId="card-link-form" titleKey="cardLink" subtitle={`${organisationName} · ${centerName}`}>
      <p className="public-lead">{t('public:cardLink.lead', { name: memberFirstName })}</p>
      <PublicFormError message={pageError} testId="card-link-error" />
      <StackedForm<{ cardNumber: string }>
        form={form}
        name="card_link"
        disabled={link.isPending}
        onFinish={(values) => {
          setPageError(null);
          const number = values.cardNumber.trim().toUpperCase();
          link.mutate(number, {
            onSuccess: (answer) => setLinked(answer.cardNumber || number),
            onError: (error) => {
              const end = endingOf(error);
              if (end && end !== 'invalid') {
                setEnding(end);
                return;
              }
              if (isApiError(error) && error.error === 'card_in_use') {
                form.setFields([{ name: 'cardNumber', errors: [t('public:cardLink.inUse')] }]);
                form.focusField('cardNumber');
                return;
              }
              const throttled = tooManyAttempts(t, error);
              if (throttled === null && applyFieldErrors(form, error, t, ['cardNumber'])) return;
              if (throttled === null && end) {
                setEnding(end);
                return;
              }
              setPageError(throttled ?? apiErrorMessage(t, error));
            },
          });
        }}
      >
        <Form.Item
          label={t('public:cardLink.number')}
          name="cardNumber"
          extra={t('public:cardLink.numberHelp')}
          normalize={(value: string | undefined) => value?.toUpperCase().replace(/\s/g, '')}
          rules={[requiredRule(t), schemaRule(cardNumberSchema, t)]}
        >
          <Input
            className="public-card-number"
            size="large"
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </Form.Item>
        <PublicSubmit loading={link.isPending} testId="card-link-submit">
          {t('public:cardLink.submit')}
        </PublicSubmit>
      </StackedForm>
    </PublicForm>
  );
}

/** A member links their card to their account: `/card_link/:center_id/:token/`. */
export default function CardLinkPage() {
  return (
    <PublicScreen testId="screen-card-link">
      <CardLinkContent />
    </PublicScreen>
  );
}
