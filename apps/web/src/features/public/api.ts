import type {
  cardLinkDoneSchema,
  cardLinkInfoSchema,
  ProspectRegistration,
  RegisterPageInfo,
} from '@gym/contract/public';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client';

export type CardLinkInfo = z.infer<typeof cardLinkInfoSchema>;
export type CardLinkDone = z.infer<typeof cardLinkDoneSchema>;
export type { ProspectRegistration, RegisterPageInfo };

// Public pages are opened by people without an account: no token, no refresh on 401.
const open = { auth: false } as const;
const registerPath = (initial: string, centerCode: string) =>
  `/public/register/${encodeURIComponent(initial)}/${encodeURIComponent(centerCode)}`;
const cardLinkPath = (centerId: string, token: string) =>
  `/public/card-link/${encodeURIComponent(centerId)}/${encodeURIComponent(token)}`;

export function useRegisterPageInfo(initial: string, centerCode: string) {
  return useQuery({
    queryKey: ['public', 'register', initial, centerCode],
    queryFn: ({ signal }) => api.get<RegisterPageInfo>(registerPath(initial, centerCode), { ...open, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRegisterProspect(initial: string, centerCode: string) {
  return useMutation({
    mutationFn: (body: ProspectRegistration) => api.post<{ ok: true }>(registerPath(initial, centerCode), body, open),
  });
}

export function useCardLinkInfo(centerId: string, token: string) {
  return useQuery({
    queryKey: ['public', 'card-link', centerId, token],
    queryFn: ({ signal }) => api.get<CardLinkInfo>(cardLinkPath(centerId, token), { ...open, signal }),
  });
}

export function useLinkCard(centerId: string, token: string) {
  return useMutation({
    mutationFn: (cardNumber: string) => api.post<CardLinkDone>(cardLinkPath(centerId, token), { cardNumber }, open),
  });
}
