import './auth.css';
import { emailSchema } from '@gym/contract/auth';
import { LANGUAGES } from '@gym/contract/constants';
import { type RegisterRequest, registerRequestSchema } from '@gym/contract/registration';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/client';
import {
  apiErrorMessage,
  applyFieldErrors,
  fieldErrorMessage,
  requiredRule,
  schemaRule,
} from '../../shared/api/errorMessages';
import { LANGUAGE_ENDONYMS } from '../../shared/i18n/languages';
import { currentLanguage } from '../../shared/preferences';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';
import { CurrencyCodeSelect } from '../../shared/ui/CurrencyCodeSelect';
import { StackedForm } from '../../shared/ui/StackedForm';
import { AuthBrand } from './AuthBrand';
import { AuthSubmit, NewPasswordItem } from './AuthParts';
import { authApi } from './api';
import { useCompleteSignIn } from './useSignedIn';

class CheckEmail extends Error {
  constructor(readonly email: string) {
    super('check_email');
  }
}

const FIELDS = ['organisationName', 'initial', 'currencyCode', 'fullName', 'email', 'password', 'language'] as const;
const { shape } = registerRequestSchema;

/** Sign-up of a new organisation (gym company) with its first admin. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterRequest>();
  const completeSignIn = useCompleteSignIn();
  const [pageError, setPageError] = useState<{ closed: boolean; text: string } | null>(null);
  const [checkEmail, setCheckEmail] = useState<string | null>(null);

  // The server answers a known e-mail exactly as a new one (and mails its owner), so the new
  // admin is signed in with the password just chosen; when that fails, the address had an account.
  const register = useMutation({
    mutationFn: async (body: RegisterRequest) => {
      await authApi.register(body);
      try {
        return await authApi.login({ email: body.email, password: body.password });
      } catch (error) {
        if (isApiError(error) && error.error === 'invalid_credentials') throw new CheckEmail(body.email);
        throw error;
      }
    },
    onSuccess: completeSignIn,
    onError: (error) => {
      if (error instanceof CheckEmail) {
        setPageError(null);
        setCheckEmail(error.email);
        return;
      }
      if (isApiError(error) && error.error === 'initial_taken') {
        form.setFields([{ name: 'initial', errors: [fieldErrorMessage(t, error.error)] }]);
        document.getElementById('initial')?.focus();
        setPageError(null);
        return;
      }
      if (isApiError(error) && error.error === 'validation_failed' && applyFieldErrors(form, error, t, FIELDS)) {
        setPageError(null);
        return;
      }
      setPageError({
        closed: isApiError(error) && error.error === 'registration_closed',
        text: apiErrorMessage(t, error),
      });
    },
  });

  return (
    <div className="auth-page auth-page--wide" data-testid="screen-register">
      <section className="auth-card">
        <AuthBrand />
        <BilingualTitle titleKey="register" />
        <p className="auth-lead">{t('auth:register.lead')}</p>

        {checkEmail && (
          <Alert
            className="auth-alert"
            type="info"
            showIcon
            role="status"
            data-testid="register-check-email"
            title={t('auth:register.checkEmailTitle')}
            description={t('auth:register.checkEmailText', { email: checkEmail })}
          />
        )}

        {pageError && (
          <Alert
            className="auth-alert"
            type={pageError.closed ? 'warning' : 'error'}
            showIcon
            role="alert"
            data-testid="register-error"
            title={pageError.text}
            {...(pageError.closed ? { description: t('auth:register.closedHelp') } : {})}
          />
        )}

        <StackedForm
          form={form}
          disabled={register.isPending}
          initialValues={{ language: currentLanguage() }}
          onFinish={(values) => {
            setPageError(null);
            setCheckEmail(null);
            register.mutate({
              organisationName: values.organisationName.trim(),
              initial: values.initial.trim().toUpperCase(),
              fullName: values.fullName.trim(),
              email: values.email.trim(),
              password: values.password,
              language: values.language,
              currencyCode: values.currencyCode,
            });
          }}
        >
          <Form.Item
            label={t('auth:fields.organisationName')}
            name="organisationName"
            rules={[requiredRule(t), schemaRule(shape.organisationName, t)]}
          >
            <Input autoComplete="organization" autoFocus maxLength={120} />
          </Form.Item>
          <Form.Item
            label={t('auth:fields.initial')}
            name="initial"
            extra={t('auth:register.initialHelp')}
            normalize={(value: string) => value?.toUpperCase().replace(/\s/g, '')}
            rules={[requiredRule(t), schemaRule(shape.initial, t)]}
          >
            <Input maxLength={10} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item
            label={t('auth:fields.currencyCode')}
            name="currencyCode"
            extra={t('auth:register.currencyHelp')}
            rules={[requiredRule(t)]}
          >
            <CurrencyCodeSelect />
          </Form.Item>
          <div className="form-grid">
            <Form.Item
              label={t('auth:fields.fullName')}
              name="fullName"
              rules={[requiredRule(t), schemaRule(shape.fullName, t)]}
            >
              <Input autoComplete="name" maxLength={120} />
            </Form.Item>
            <Form.Item label={t('auth:fields.language')} name="language" rules={[requiredRule(t)]}>
              <Select
                options={LANGUAGES.map((language) => ({
                  value: language,
                  label: <span lang={language}>{LANGUAGE_ENDONYMS[language]}</span>,
                }))}
              />
            </Form.Item>
          </div>
          <Form.Item
            label={t('auth:fields.email')}
            name="email"
            validateTrigger="onBlur"
            rules={[requiredRule(t), schemaRule(emailSchema, t)]}
          >
            <Input type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
          <NewPasswordItem label={t('auth:fields.password')} name="password" />
          <AuthSubmit loading={register.isPending}>{t('auth:register.submit')}</AuthSubmit>
        </StackedForm>

        <p className="auth-footer">
          {t('auth:register.haveAccount')} <Link to="/login">{t('auth:register.signIn')}</Link>
        </p>
      </section>
    </div>
  );
}
