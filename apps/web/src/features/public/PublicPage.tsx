import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
