import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { isUuid, useMember } from '../members/api';

/** The member a sale screen sells to (`:id`), or the screen's loading / error / not-found state. */
export function useSaleMember(testId: string) {
  const { id } = useParams();
  const member = useMember(id);
  let state: React.ReactNode = null;
  if (!isUuid(id) || (member.isError && isApiError(member.error) && [400, 404].includes(member.error.status))) {
    state = (
      <div className="screen" data-testid={testId} data-state="not-found">
        <ErrorState error={member.error ?? new Error('not found')} />
      </div>
    );
  } else if (member.isPending) {
    state = (
      <div className="screen" data-testid={testId} data-state="loading">
        <LoadingState />
      </div>
    );
  } else if (member.isError) {
    state = (
      <div className="screen" data-testid={testId} data-state="error">
        <ErrorState error={member.error} onRetry={() => void member.refetch()} />
      </div>
    );
  }
  return { member: member.data, state };
}
