import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/client';

/** Server state cache. A 4xx answer is final; network trouble and 5xx are retried twice. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});
