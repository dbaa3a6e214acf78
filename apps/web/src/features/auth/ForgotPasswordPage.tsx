import './auth.css';
import { emailSchema } from '@gym/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StackedForm } from '../../shared/ui/StackedForm';
import { AuthBrand } from './AuthBrand';
import { AuthSubmit, BackToLogin } from './AuthParts';
import { authApi } from './api';

/** Asks for a reset link. The answer never tells whether the address is known. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const request = useMutation({ mutationFn: authApi.forgotPassword });

  return (
    <div className="auth-page" data-testid="screen-forgot-password">
      <section className="auth-card">
        <AuthBrand />
        <BilingualTitle titleKey="forgotPassword" />
        {request.isSuccess ? (
          <Result
            status="success"
            title={t('auth:forgot.sentTitle')}
            subTitle={t('auth:forgot.sentText', { email: request.variables })}
            data-testid="forgot-sent"
            extra={
              <ButtonLink type="primary" to="/login">
                {t('auth:backToLogin')}
              </ButtonLink>
            }
          />
        ) : (
          <>
            <p className="auth-lead">{t('auth:forgot.lead')}</p>
            {request.isError && (
              <Alert
                className="auth-alert"
                type="error"
                showIcon
                role="alert"
                title={apiErrorMessage(t, request.error)}
              />
            )}
            <StackedForm
              form={form}
              disabled={request.isPending}
              onFinish={(values) => request.mutate(values.email.trim())}
            >
              <Form.Item
                label={t('auth:fields.email')}
                name="email"
                validateTrigger="onBlur"
                rules={[requiredRule(t), schemaRule(emailSchema, t)]}
              >
                <Input type="email" autoComplete="email" inputMode="email" autoFocus />
              </Form.Item>
              <AuthSubmit loading={request.isPending}>{t('auth:forgot.submit')}</AuthSubmit>
            </StackedForm>
            <BackToLogin />
          </>
        )}
      </section>
    </div>
  );
}
