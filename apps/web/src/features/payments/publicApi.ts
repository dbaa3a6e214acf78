import type {
  CheckoutResponse,
  PublicOrder,
  PublicOwed,
  PublicPayLink,
  PublicTransaction,
  SimulatedOutcome,
  SimulatedSession,
} from '@gym/contract/payments';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, idempotencyKeys } from '../../shared/api/client';
import { keepPolling, ORDER_POLL_MS } from './orderProgress';

// Opened by members without an account: no token, no refresh on 401.
const open = { auth: false } as const;
const enc = encodeURIComponent;

export function usePublicPayLink(token: string) {
  return useQuery({
    queryKey: ['public', 'pay-link', token],
    queryFn: ({ signal }) => api.get<PublicPayLink>(`/public/pay-links/${enc(token)}`, { ...open, signal }),
    retry: false,
  });
}

export function usePublicTransaction(uuid: string) {
  return useQuery({
    queryKey: ['public', 'transaction', uuid],
    queryFn: ({ signal }) => api.get<PublicTransaction>(`/public/transactions/${enc(uuid)}`, { ...open, signal }),
    retry: false,
  });
}

export function usePublicOwed(studentUuid: string, date: string) {
  return useQuery({
    queryKey: ['public', 'owed', studentUuid, date],
    queryFn: ({ signal }) =>
      api.get<PublicOwed>(`/public/payments/${enc(studentUuid)}/${enc(date)}`, { ...open, signal }),
    retry: false,
  });
}

/**
 * Starts (or resumes) the checkout at `path` and goes to the provider's page. One key per body: a
 * double click or a retry is one request for the server, which in any case answers an order already
 * open for the same purpose rather than a second one. The caller disables its button while pending.
 */
export function useCheckout(path: string) {
  const keys = useRef(idempotencyKeys());
  return useMutation({
    mutationFn: (body: object) =>
      api.post<CheckoutResponse>(path, body, { ...open, idempotencyKey: keys.current.keyFor(body) }),
    onSuccess: (answer) => {
      window.location.assign(answer.checkoutUrl);
    },
  });
}

export const orderKey = (orderId: string) => ['public', 'order', orderId] as const;

/** The order, asked again every few seconds until it is final (the server asks the provider meanwhile). */
export function usePublicOrder(orderId: string) {
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => api.get<PublicOrder>(`/public/orders/${enc(orderId)}`, { ...open, signal }),
    retry: false,
    refetchInterval: (query) => (keepPolling(query.state.data, query.state.dataUpdateCount) ? ORDER_POLL_MS : false),
  });
}

export function useSimulatedSession(sessionId: string) {
  return useQuery({
    queryKey: ['public', 'simulated-checkout', sessionId],
    queryFn: ({ signal }) =>
      api.get<SimulatedSession>(`/public/simulated-checkout/${enc(sessionId)}`, { ...open, signal }),
    retry: false,
  });
}

export function useAnswerSimulatedCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (outcome: SimulatedOutcome) =>
      api.post<SimulatedSession>(`/public/simulated-checkout/${enc(sessionId)}`, { outcome }, open),
  });
}
