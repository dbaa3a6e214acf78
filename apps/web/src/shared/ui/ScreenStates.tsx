import { Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
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

/** What a query answers, as the part of a screen that shows it needs (TanStack Query's result fits). */
interface QueryResult<D> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
  refetch: () => unknown;
}

/**
 * A query's part of a screen: loading while it loads, its error with a retry, `emptyText` when
 * `isEmpty` says its data has nothing to show, else what `children` makes of the data.
 */
export function QueryState<D>({
  query,
  isEmpty,
  emptyText,
  children,
}: {
  query: QueryResult<D>;
  isEmpty?: (data: D) => boolean;
  emptyText?: string;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as D;
  if (isEmpty?.(data)) return <EmptyState description={emptyText ?? ''} />;
  return children(data);
}
