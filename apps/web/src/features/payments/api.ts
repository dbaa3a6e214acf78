import type {
  OnlinePayment,
  PayLink,
  PayLinkCreate,
  PaymentReminder,
  PaymentSettings,
  PaymentSettingsRequest,
  ReminderSettings,
} from '@gym/contract/payments';
import type { OverdueFlag } from '@gym/contract/sales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, idempotencyKeys, type QueryValue } from '../../shared/api/client';

export type { OnlinePayment, OverdueFlag, PayLink, PaymentReminder, PaymentSettings, ReminderSettings };

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const payLinksKey = ['payments', 'pay-links'] as const;

export function usePayLinks(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: [...payLinksKey, query],
    queryFn: ({ signal }) => api.get<Page<PayLink>>('/pro/pay-links', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A new pay link; the same form sent twice (a double click) is one link. */
export function useCreatePayLink() {
  const client = useQueryClient();
  const keys = useRef(idempotencyKeys());
  return useMutation({
    mutationFn: (body: PayLinkCreate) =>
      api.post<PayLink>('/pro/pay-links', body, { idempotencyKey: keys.current.keyFor(body) }),
    onSuccess: () => {
      keys.current.reset();
      void client.invalidateQueries({ queryKey: payLinksKey });
    },
  });
}

export function useRevokePayLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<PayLink>(`/pro/pay-links/${encodeURIComponent(id)}/revoke`, {}, { idempotencyKey: `revoke-${id}` }),
    onSuccess: () => void client.invalidateQueries({ queryKey: payLinksKey }),
  });
}

export function useEmailPayLink() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ to: string }>(`/pro/pay-links/${encodeURIComponent(id)}/email`, {}),
  });
}

export function useOnlinePayments(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['payments', 'online', query],
    queryFn: ({ signal }) => api.get<Page<OnlinePayment>>('/pro/online-payments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const settingsKey = ['payments', 'settings'] as const;

export function usePaymentSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<PaymentSettings>('/pro/payment-settings', { signal }),
    enabled,
  });
}

export function useUpdatePaymentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsRequest) =>
      api.request<PaymentSettings>('/pro/payment-settings', { method: 'PUT', body }),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}

/** The payment reminders and the overdue booking block (the organisation's payment settings). */
export function useUpdateReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettings) =>
      api.request<PaymentSettings>('/pro/payment-settings/reminders', { method: 'PUT', body }),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}

/** The reminders a member was sent (and those skipped): the member file's small table. */
export function useMemberReminders(memberId: string, enabled = true) {
  return useQuery({
    queryKey: ['payments', 'reminders', memberId],
    queryFn: ({ signal }) =>
      api.get<{ items: PaymentReminder[] }>(`/pro/students/${memberId}/payment-reminders`, { signal }),
    enabled,
  });
}

/** What the member owes past due ("overdue 12 days, HKD 500.00"), for the desk's member panel. */
export function useOverdueFlag(memberId: string, enabled = true) {
  return useQuery({
    queryKey: ['payments', 'overdue', memberId],
    queryFn: ({ signal }) => api.get<{ overdue: OverdueFlag | null }>(`/pro/students/${memberId}/overdue`, { signal }),
    enabled,
  });
}
