import type { LoginRequest, LoginResponse } from '@gym/contract/auth';
import { DEMO_PASSWORD, DEMO_USERS } from '@gym/contract/demo';
import type { RegisterRequest } from '@gym/contract/registration';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export interface HealthAnswer {
  status: 'ok' | 'unavailable';
  version: string;
  database: string;
  /** True when the demo organisation is loaded: the sign-in page then shows the demo accounts. */
  demo?: boolean;
}

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/jwt/login', body, { auth: false }),
  register: (body: RegisterRequest) => api.post<{ ok: true }>('/jwt/register', body, { auth: false }),
  forgotPassword: (email: string) => api.post<{ ok: true }>('/jwt/forgot-password', { email }, { auth: false }),
  resetPassword: (token: string, password: string) =>
    api.post<{ ok: true }>('/jwt/reset-password', { token, password }, { auth: false }),
};

export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => api.get<HealthAnswer>('/api/health', { prefix: '', auth: false, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export { DEMO_PASSWORD };
/** The demo organisation's sign-ins, shown on the sign-in page when the server has demo data. */
export const DEMO_ACCOUNTS = DEMO_USERS;
