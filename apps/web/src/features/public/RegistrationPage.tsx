import './public.css';
import { emailSchema } from '@gym/contract/auth';
import { GENDERS, isoDateSchema, phoneSchema } from '@gym/contract/members';
import { prospectRegistrationSchema } from '@gym/contract/public';
import { today } from '@gym/contract/time';
import { Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, applyFieldErrors, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { currentLanguage } from '../../shared/preferences';
import { type ProspectRegistration, useRegisterPageInfo, useRegisterProspect } from './api';
import { CentreSlides } from './CentreSlides';
import { useOrganisationLanguage } from './language';
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

interface Values {
  firstName: string;
  lastName: string;
  chineseName?: string;
  phone: string;
  email: string;
  birthday?: string;
  gender?: (typeof GENDERS)[number];
  marketingConsent: boolean;
  privacyAccepted: boolean;
  website?: string;
}

const FIELDS = ['firstName', 'lastName', 'chineseName', 'phone', 'email', 'birthday', 'gender', 'privacyAccepted'];
const { shape } = prospectRegistrationSchema;

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function RegistrationContent() {
  const { t } = useTranslation();
  const params = useParams();
  const initial = params.initial ?? '';
  const centerCode = params.center_code ?? '';
  const info = useRegisterPageInfo(initial, centerCode);
  const register = useRegisterProspect(initial, centerCode);
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [pageError, setPageError] = useState<string | null>(null);
  useOrganisationLanguage(info.data?.defaultLanguage);

  if (info.isPending) return <PublicSpinner />;

  if (info.isError) {
    const missing = isApiError(info.error) && (info.error.status === 404 || info.error.status === 400);
    return missing ? (
      <PublicMessage testId="register-not-found" status="404" title={t('public:register.notFoundTitle')}>
        {t('public:register.notFoundText')}
      </PublicMessage>
    ) : (
      <PublicLoadError testId="register-load-error" error={info.error} onRetry={() => void info.refetch()} />
    );
  }

  const { organisationName, centerName } = info.data;
  // The centre's date, not the visitor's device's nor UTC's.
  const centreToday = today(info.data.timeZone);

  if (closed || !info.data.registrationOpen) {
    return (
      <PublicMessage testId="register-closed" status="info" title={t('public:register.closedTitle')}>
        {t('public:register.closedText', { centre: centerName })}
      </PublicMessage>
    );
  }

  if (done !== null) {
    return (
      <PublicMessage testId="register-done" status="success" title={t('public:register.doneTitle', { name: done })}>
        {t('public:register.doneText', { centre: centerName })}
      </PublicMessage>
    );
  }

  const submit = (values: Values) => {
    setPageError(null);
    const body: ProspectRegistration = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      chineseName: blankToNull(values.chineseName),
      phone: values.phone.trim(),
      email: values.email.trim(),
      birthday: blankToNull(values.birthday),
      gender: values.gender ?? null,
      language: currentLanguage(),
      marketingConsent: values.marketingConsent,
      privacyAccepted: true,
      ...(values.website ? { website: values.website } : {}),
    };
    register.mutate(body, {
      onSuccess: () => {
        setDone(body.firstName);
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        if (isApiError(error) && error.error === 'registration_closed') {
          setClosed(true);
          return;
        }
        const throttled = tooManyAttempts(t, error);
        if (throttled === null && applyFieldErrors(form, error, t, FIELDS)) return;
        setPageError(throttled ?? apiErrorMessage(t, error));
      },
    });
  };

  return (
    <PublicForm testId="register-form" titleKey="memberRegistration" subtitle={`${organisationName} · ${centerName}`}>
      <CentreSlides initial={initial} centerCode={info.data.centerCode} language={currentLanguage()} />
      <p className="public-lead">{t('public:register.lead', { centre: centerName })}</p>
      <PublicFormError message={pageError} testId="register-error" />
      <Form<Values>
        form={form}
        name="register"
        layout="vertical"
        requiredMark="optional"
        disabled={register.isPending}
        scrollToFirstError={{ block: 'center', focus: true }}
        initialValues={{ marketingConsent: false, privacyAccepted: false, website: '' }}
        onFinish={submit}
      >
        <div className="public-columns">
          <Form.Item
            label={t('public:fields.firstName')}
            name="firstName"
            rules={[requiredRule(t), schemaRule(shape.firstName, t)]}
          >
            <Input autoComplete="given-name" maxLength={80} />
          </Form.Item>
          <Form.Item
            label={t('public:fields.lastName')}
            name="lastName"
            rules={[requiredRule(t), schemaRule(shape.lastName, t)]}
          >
            <Input autoComplete="family-name" maxLength={80} />
          </Form.Item>
        </div>
        <Form.Item
          label={t('public:fields.chineseName')}
          name="chineseName"
          required={false}
          rules={[schemaRule(shape.chineseName, t)]}
        >
          <Input maxLength={40} autoComplete="off" lang="zh-Hant" />
        </Form.Item>
        <Form.Item
          label={t('public:fields.phone')}
          name="phone"
          validateTrigger={['onBlur', 'onSubmit']}
          rules={[requiredRule(t), schemaRule(phoneSchema, t)]}
        >
          <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={24} />
        </Form.Item>
        <Form.Item
          label={t('public:fields.email')}
          name="email"
          validateTrigger={['onBlur', 'onSubmit']}
          rules={[requiredRule(t), schemaRule(emailSchema, t)]}
        >
          <Input type="email" inputMode="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <div className="public-columns">
          <Form.Item
            label={t('public:fields.birthday')}
            name="birthday"
            required={false}
            rules={[
              schemaRule(isoDateSchema, t),
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && value > centreToday) throw new Error(t('errors:validation.birthday_future'));
                },
              },
            ]}
          >
            <Input type="date" max={centreToday} min="1900-01-01" autoComplete="bday" />
          </Form.Item>
          <Form.Item label={t('public:fields.gender')} name="gender" required={false}>
            <Radio.Group
              className="public-radios"
              options={GENDERS.map((gender) => ({ value: gender, label: t(`public:gender.${gender}`) }))}
            />
          </Form.Item>
        </div>

        {/* A trap for robots: people never see or reach it, and a filled one is thanked and ignored. */}
        <div className="public-hp" aria-hidden="true">
          <label htmlFor="register_website">{t('public:honeypot')}</label>
          <Form.Item name="website" noStyle>
            <Input id="register_website" tabIndex={-1} autoComplete="off" />
          </Form.Item>
        </div>

        <Form.Item name="marketingConsent" valuePropName="checked" className="public-check">
          <Checkbox>{t('public:register.marketing', { organisation: organisationName })}</Checkbox>
        </Form.Item>
        <section className="public-privacy" aria-labelledby="privacy-title">
          <h2 id="privacy-title">{t('public:register.privacyTitle')}</h2>
          <p>{t('public:register.privacyText', { organisation: organisationName })}</p>
        </section>
        <Form.Item
          name="privacyAccepted"
          valuePropName="checked"
          className="public-check"
          rules={[
            {
              validator: async (_rule, value: boolean) => {
                if (!value) throw new Error(t('errors:validation.privacy_required'));
              },
            },
          ]}
        >
          <Checkbox>{t('public:register.privacyAccept')}</Checkbox>
        </Form.Item>
        <PublicSubmit loading={register.isPending} testId="register-submit">
          {t('public:register.submit')}
        </PublicSubmit>
      </Form>
    </PublicForm>
  );
}

/** Public registration of a prospect at one centre: `/register/:initial/:center_code/`. */
export default function RegistrationPage() {
  return (
    <PublicScreen testId="screen-member-registration">
      <RegistrationContent />
    </PublicScreen>
  );
}
