import { Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../api/errorMessages';

/** Loading state of a screen or a section. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="screen-state" role="status" aria-live="polite" data-testid="state-loading">
      <Spin description={label ?? t('common:states.loading')} />
    </div>
  );
}

/** Error state with the translated reason and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="screen-state" data-testid="state-error">
      <Result
        status="warning"
        title={t('common:states.errorTitle')}
        subTitle={apiErrorMessage(t, error)}
        extra={
          onRetry ? (
            <Button type="primary" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}

export function EmptyState({ description }: { description: string }) {
  return (
    <div className="screen-state" data-testid="state-empty">
      <Empty description={description} />
    </div>
  );
}
