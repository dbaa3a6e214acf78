import './auth.css';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { clearSession } from '../../shared/session';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StackedForm } from '../../shared/ui/StackedForm';
import { AuthBrand } from './AuthBrand';
import { AuthSubmit, BackToLogin, ConfirmPasswordItem, NewPasswordItem } from './AuthParts';
import { authApi } from './api';

interface Values {
  password: string;
  confirm: string;
}

function LinkProblem({ reason }: { reason: 'missing' | 'token_invalid' | 'token_expired' }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t(`auth:reset.${reason}Title`)}
      subTitle={t(`auth:reset.${reason}Text`)}
      data-testid={`reset-${reason}`}
      extra={
        <ButtonLink type="primary" to="/forgot-password">
          {t('auth:reset.askAgain')}
        </ButtonLink>
      }
    />
  );
}

/** Sets a new password from an e-mailed, single-use, expiring link (`?token=`). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [form] = Form.useForm<Values>();
  const reset = useMutation({
    mutationFn: (password: string) => authApi.resetPassword(token, password),
    // Every session of the account is signed out by the server; this browser follows.
    onSuccess: () => clearSession(),
  });

  const tokenProblem =
    isApiError(reset.error) && (reset.error.error === 'token_invalid' || reset.error.error === 'token_expired')
      ? reset.error.error
      : null;

  let body: React.ReactNode;
  if (token.length < 10) {
    body = <LinkProblem reason="missing" />;
  } else if (tokenProblem) {
    body = <LinkProblem reason={tokenProblem} />;
  } else if (reset.isSuccess) {
    body = (
      <Result
        status="success"
        title={t('auth:reset.doneTitle')}
        subTitle={t('auth:reset.doneText')}
        data-testid="reset-done"
        extra={
          <ButtonLink type="primary" to="/login">
            {t('auth:reset.signIn')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        <p className="auth-lead">{t('auth:reset.lead')}</p>
        {reset.isError && (
          <Alert className="auth-alert" type="error" showIcon role="alert" title={apiErrorMessage(t, reset.error)} />
        )}
        <StackedForm form={form} disabled={reset.isPending} onFinish={(values) => reset.mutate(values.password)}>
          <NewPasswordItem label={t('auth:fields.newPassword')} name="password" autoFocus />
          <ConfirmPasswordItem label={t('auth:fields.confirmPassword')} of="password" />
          <AuthSubmit loading={reset.isPending}>{t('auth:reset.submit')}</AuthSubmit>
        </StackedForm>
        <BackToLogin />
      </>
    );
  }

  return (
    <div className="auth-page" data-testid="screen-reset-password">
      <section className="auth-card">
        <AuthBrand />
        <BilingualTitle titleKey="resetPassword" />
        {body}
      </section>
    </div>
  );
}
