import type { LoginRequest, LoginResponse, RegisterRequest } from '@gym/contract/auth';
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
  register: (body: RegisterRequest) => api.post<LoginResponse>('/jwt/register', body, { auth: false }),
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

/**
 * The demo organisation's sign-ins (seeded by the server when demo data is on). The contract does
 * not carry them, so they are listed here; keep in step with the server's demo seed.
 */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.fit', role: 'admin' },
  { email: 'manager@demo.fit', role: 'manager' },
  { email: 'frontdesk@demo.fit', role: 'frontdesk' },
  { email: 'trainer@demo.fit', role: 'trainer' },
  { email: 'accountant@demo.fit', role: 'accountant' },
  { email: 'client@demo.fit', role: 'client' },
  { email: 'developer@demo.fit', role: 'developer' },
] as const;
