import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualTitle } from '../../shared/ui/BilingualTitle';

/** The frame of a public page: the bilingual title, who it is for, then the content. */
export function PublicPage({
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
    <div className="public-page" data-testid={testId}>
      <section className="auth-card public-card">
        <BilingualTitle titleKey={titleKey} />
        <p className="public-subtitle">{subtitle}</p>
        {children}
      </section>
    </div>
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
    <div className="public-page" data-testid={testId}>
      <section className="auth-card public-card">
        <Result
          status={status}
          title={<h1 className="public-message__title">{title}</h1>}
          subTitle={<p className="public-message__text">{children}</p>}
          extra={action}
        />
      </section>
    </div>
  );
}

export function PublicSpinner() {
  const { t } = useTranslation();
  return (
    <div className="public-page public-page--loading" role="status" aria-live="polite" data-testid="state-loading">
      <Spin description={t('common:states.loading')} size="large" />
    </div>
  );
}
