import { Alert, Button, Result, Spin } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';

/** The root of a public page, whatever it shows: `data-testid="screen-<name>"` like every screen. */
export function PublicScreen({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="public-page" data-testid={testId}>
      {children}
    </div>
  );
}

/** A public page's form: the bilingual title, who it is for, then the content. */
export function PublicForm({
  testId,
  titleKey,
  subtitle,
  children,
}: {
  testId: string;
  titleKey: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <section className="auth-card public-card" data-testid={testId}>
      <BilingualTitle titleKey={titleKey} />
      <p className="public-subtitle">{subtitle}</p>
      {children}
    </section>
  );
}

/** A whole-page answer: done, closed, not found, expired... */
export function PublicMessage({
  testId,
  status,
  title,
  children,
  action,
}: {
  testId: string;
  status: 'success' | 'info' | 'warning' | 'error' | '404';
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="auth-card public-card" data-testid={testId}>
      <Result
        status={status}
        title={<h1 className="public-message__title">{title}</h1>}
        subTitle={<p className="public-message__text">{children}</p>}
        extra={action}
      />
    </section>
  );
}

export function PublicSpinner() {
  const { t } = useTranslation();
  return (
    <div className="public-loading" role="status" aria-live="polite" data-testid="state-loading">
      <Spin description={t('common:states.loading')} size="large" />
    </div>
  );
}

/** The page's details could not be loaded: the error and "Retry". */
export function PublicLoadError({ testId, error, onRetry }: { testId: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PublicMessage
      testId={testId}
      status="warning"
      title={t('public:loadErrorTitle')}
      action={
        <Button type="primary" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      }
    >
      {apiErrorMessage(t, error)}
    </PublicMessage>
  );
}

/** A sending that failed as a whole (not one field), above the form. */
export function PublicFormError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return <Alert type="error" showIcon role="alert" className="public-alert" title={message} data-testid={testId} />;
}

/** The form's one wide button. */
export function PublicSubmit({ loading, testId, children }: { loading: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid={testId}>
      {children}
    </Button>
  );
}

/** "Too many attempts, try again in N minutes" for a 429 (null for any other error). */
export function tooManyAttempts(t: TFunction, error: unknown): string | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 600) / 60));
  return t('public:tooManyAttempts', { minutes });
}
