import './auth.css';
import { emailSchema, type LoginRequest } from '@gym/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage, applyFieldErrors, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';
import { PasswordInput } from '../../shared/ui/PasswordInput';
import { AuthBrand } from './AuthBrand';
import { authApi, DEMO_ACCOUNTS, DEMO_PASSWORD, useHealth } from './api';
import { useCompleteSignIn } from './useSignedIn';

const FIELDS = ['email', 'password'] as const;

function DemoAccounts({ onPick }: { onPick: (email: string) => void }) {
  const { t } = useTranslation();
  const health = useHealth();
  if (!health.data?.demo) return null;
  return (
    <Alert
      className="auth-alert"
      type="info"
      showIcon
      data-testid="demo-hint"
      title={t('auth:login.demoTitle')}
      description={
        <>
          <span>{t('auth:login.demoText', { password: DEMO_PASSWORD })}</span>
          <ul className="demo-accounts">
            {DEMO_ACCOUNTS.map((account) => (
              <li key={account.email}>
                <span>
                  <code>{account.email}</code> · {t(`common:roles.${account.role}`)}
                </span>
                <Button size="small" type="link" onClick={() => onPick(account.email)}>
                  {t('auth:login.demoUse')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginRequest>();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [pageError, setPageError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: completeSignIn,
    onError: (error) => {
      if (isApiError(error) && error.error === 'validation_failed' && applyFieldErrors(form, error, t, FIELDS)) {
        setPageError(null);
        return;
      }
      setPageError(apiErrorMessage(t, error));
      if (isApiError(error) && error.error === 'invalid_credentials') {
        form.setFieldValue('password', '');
        document.getElementById('password')?.focus();
      }
    },
  });

  const sessionEnded = params.has('redirect') && !login.isPending && !pageError;

  return (
    <div className="auth-page" data-testid="screen-login">
      <section className="auth-card">
        <AuthBrand />
        <BilingualTitle titleKey="login" />
        <p className="auth-lead">{t('auth:login.lead')}</p>

        {sessionEnded && (
          <Alert className="auth-alert" type="warning" showIcon title={t('auth:login.signInToContinue')} />
        )}
        {pageError && (
          <Alert
            className="auth-alert"
            type="error"
            showIcon
            role="alert"
            title={pageError}
            data-testid="login-error"
          />
        )}

        <DemoAccounts
          onPick={(email) => {
            form.setFieldsValue({ email, password: DEMO_PASSWORD });
            document.getElementById('password')?.focus();
          }}
        />

        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={login.isPending}
          onFinish={(values) => {
            setPageError(null);
            login.mutate({ email: values.email.trim(), password: values.password });
          }}
        >
          <Form.Item
            label={t('auth:fields.email')}
            name="email"
            rules={[requiredRule(t), schemaRule(emailSchema, t)]}
            validateTrigger="onBlur"
          >
            <Input type="email" autoComplete="username" inputMode="email" autoFocus />
          </Form.Item>
          <Form.Item label={t('auth:fields.password')} name="password" rules={[requiredRule(t)]}>
            <PasswordInput autoComplete="current-password" />
          </Form.Item>
          <div className="auth-row">
            <Link to="/forgot-password">{t('auth:login.forgot')}</Link>
          </div>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('auth:login.submit')}
          </Button>
        </Form>

        <p className="auth-footer">
          {t('auth:login.newOrganisation')} <Link to="/register-v1">{t('auth:login.register')}</Link>
        </p>
      </section>
    </div>
  );
}
