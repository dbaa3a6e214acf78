/**
 * The parts both import screens (members, timetable) are built of: the frame with its four steps,
 * the check button, the check's counts and alerts, the mapping section, the import's progress and
 * the summary. Each screen brings its own fields, words and figures.
 */
import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Result, Space, Statistic, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../../shared/intl';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/ScreenStates';
import { type ImportStep, stepTitles } from '../steps';

interface ScreenProps {
  testId: string;
  /** The screen's own class (its styles), next to `import-screen`. */
  className: string;
  stepsClassName?: string;
  /** The centres the import may use: the steps wait for them, and need one. */
  centers: UseQueryResult<readonly unknown[]>;
  /** The spinner shown inside the screen's frame (else on its own). */
  loadingInScreen?: boolean;
  step: ImportStep;
  headingRef: (heading: HTMLHeadingElement | null) => void;
  children: ReactNode;
}

/** The frame of an import screen: the four steps on top, the current step's heading and content below. */
export function ImportScreen({
  testId,
  className,
  stepsClassName,
  centers,
  loadingInScreen,
  step,
  headingRef,
  children,
}: ScreenProps) {
  const { t } = useTranslation();
  if (centers.isPending) {
    return loadingInScreen ? (
      <div className="screen" data-testid={testId}>
        <LoadingState />
      </div>
    ) : (
      <LoadingState />
    );
  }
  if (centers.isError || (centers.data ?? []).length === 0) {
    return (
      <div className="screen" data-testid={testId}>
        <Card>
          {centers.isError ? (
            <ErrorState error={centers.error} onRetry={() => void centers.refetch()} />
          ) : (
            <EmptyState description={t('common:center.none')} />
          )}
        </Card>
      </div>
    );
  }
  const titles = stepTitles(t);
  return (
    <div className={`screen import-screen ${className}`} data-testid={testId}>
      <Card>
        <Steps
          current={step}
          items={titles.map((title) => ({ title }))}
          {...(stepsClassName ? { className: stepsClassName } : {})}
        />
      </Card>

      <Card>
        <Typography.Title key={step} level={2} className="import-step-title" tabIndex={-1} ref={headingRef}>
          {titles[step]}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}

/** Under the file step: why the last check failed (if it did) and the button that checks the file. */
export function CheckFileActions({
  error,
  disabled,
  pending,
  onCheck,
}: {
  error: string | null;
  disabled: boolean;
  pending: boolean;
  onCheck: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error !== null && (
        <Alert type="error" showIcon className="import-alert" title={error} data-testid="import-check-error" />
      )}
      <div className="import-actions">
        <Button
          type="primary"
          size="large"
          disabled={disabled}
          loading={pending}
          onClick={onCheck}
          data-testid="import-check"
        >
          {pending ? t('imports:file.checking') : t('imports:file.check')}
        </Button>
      </div>
    </>
  );
}

/** The check's counts: rows in the file, rows that would import, rows to fix; then the import's own. */
export function CheckStats({
  totalRows,
  validRows,
  children,
}: {
  totalRows: number;
  validRows: number;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <div className="import-stats" data-testid="import-stats">
      <Statistic title={t('imports:preview.total')} value={number.format(totalRows)} />
      <Statistic title={t('imports:preview.valid')} value={number.format(validRows)} data-testid="import-valid-count" />
      <Statistic
        title={t('imports:preview.invalid')}
        value={number.format(totalRows - validRows)}
        data-testid="import-invalid-count"
      />
      {children}
    </div>
  );
}

/** The import did not finish: why, with the button that checks the file again. */
export function ImportFailureAlert({
  text,
  pending,
  onRecheck,
}: {
  text: string;
  pending: boolean;
  onRecheck: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      className="import-alert"
      title={t('imports:failed.title')}
      description={text}
      data-testid="import-failure"
      action={
        <Button icon={<ReloadOutlined />} loading={pending} onClick={onRecheck}>
          {t('imports:mapping.recheck')}
        </Button>
      }
    />
  );
}

/** Every row of the file would import. */
export function AllGoodAlert() {
  const { t } = useTranslation();
  return (
    <Alert
      type="success"
      showIcon
      className="import-alert"
      title={t('imports:preview.allGood')}
      data-testid="import-all-good"
    />
  );
}

/** "The file was checked with other choices": a warning with the button that checks it again. */
export function StaleCheckAlert({
  pending,
  onRecheck,
  testId,
}: {
  pending: boolean;
  onRecheck: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="import-alert"
      title={t('imports:mapping.stale')}
      action={
        <Button icon={<ReloadOutlined />} loading={pending} onClick={onRecheck} data-testid={testId}>
          {t('imports:mapping.recheck')}
        </Button>
      }
    />
  );
}

/** Which field each column of the file fills: the section's title and lead, then the table and its alerts. */
export function MappingSection({ lead, children }: { lead: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="import-mapping-title">
      <Typography.Title level={3} id="import-mapping-title" className="import-section-title">
        {t('imports:mapping.title')}
      </Typography.Title>
      <p className="screen-lead">{lead}</p>
      {children}
    </section>
  );
}

/** At the foot of the check: back to the file, and the import (what it will do, or what to fix first). */
export function CheckActions({
  onBack,
  canImport,
  onImport,
  label,
}: {
  onBack: () => void;
  canImport: boolean;
  onImport: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="import-actions">
      <Button size="large" onClick={onBack} data-testid="import-back">
        {t('imports:actions.back')}
      </Button>
      <Button type="primary" size="large" disabled={!canImport} onClick={onImport} data-testid="import-run">
        {label}
      </Button>
    </div>
  );
}

/** The import under way: a real progress bar and the rows written so far (`countKey` words them). */
export function ImportProgress({ done, total, countKey }: { done: number; total: number; countKey: string }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <div className="import-progress" data-testid="import-progress">
      <p className="screen-lead">{t('imports:progress.lead')}</p>
      <Progress
        percent={total > 0 ? Math.floor((done / total) * 100) : 0}
        status="active"
        aria-label={t('imports:progress.title')}
      />
      <p role="status" aria-live="polite" data-testid="import-progress-count">
        {done > 0
          ? t(countKey, { done: number.format(done), total: number.format(total) })
          : t('imports:progress.preparing')}
      </p>
    </div>
  );
}

/** The import's summary: its figures, the way to what was imported and a fresh start. */
export function ImportSummary({
  text,
  listPath,
  listLabel,
  onRestart,
  children,
}: {
  text: string;
  listPath: string;
  listLabel: string;
  onRestart: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      icon={<CheckCircleOutlined aria-hidden />}
      title={t('imports:summary.title')}
      subTitle={text}
      data-testid="import-summary"
      extra={
        <Space wrap className="import-summary">
          {children}
          <Space wrap>
            <ButtonLink to={listPath} type="primary" data-testid="import-to-list">
              {listLabel}
            </ButtonLink>
            <Button onClick={onRestart}>{t('imports:actions.restart')}</Button>
          </Space>
        </Space>
      }
    />
  );
}
