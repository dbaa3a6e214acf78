import type {
  AgreementTemplate,
  MemberSignatures,
  PublicSignatureDocument,
  SignaturePadOpened,
  SignatureSubmit,
  SignatureVerify,
} from '@gym/contract/signatures';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../shared/api/client';

const open = { auth: false } as const;
const publicPath = (token: string) => `/public/signatures/${encodeURIComponent(token)}`;

export function usePublicDocument(token: string) {
  return useQuery({
    queryKey: ['public', 'signature', token],
    queryFn: ({ signal }) => api.get<PublicSignatureDocument>(publicPath(token), { ...open, signal }),
    retry: false,
    enabled: token !== '',
  });
}

/** Sends a signature once: the key stays with the submission, so a retry after a lost answer makes one document. */
export function submitSignature(token: string, body: SignatureSubmit, idempotencyKey: string) {
  return api.post<{ documentId: string }>(publicPath(token), body, { ...open, idempotencyKey });
}

/** The tablet asks, signed in, for a signing token of the request it was told of. */
export function openOnPad(requestId: string, padId: string) {
  return api.post<SignaturePadOpened>(`/pro/signature-requests/${encodeURIComponent(requestId)}/pad-open`, { padId });
}

export function useAgreementTemplates() {
  return useQuery({
    queryKey: ['agreement-templates'],
    queryFn: ({ signal }) => api.get<{ items: AgreementTemplate[] }>('/pro/agreement-templates', { signal }),
    staleTime: 60_000,
  });
}

export function useMemberSignatures(memberId: string) {
  return useQuery({
    queryKey: ['signatures', memberId],
    queryFn: ({ signal }) => api.get<MemberSignatures>('/pro/signed-documents', { query: { memberId }, signal }),
  });
}

export function useSendForSignature(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { templateId: string; channel: 'link' | 'pad'; padId?: string; centerId?: string }) =>
      api.post<{ id: string; token: string; url: string; expiresAt: string }>(
        '/pro/signature-requests',
        { memberId, ...body },
        { idempotencyKey: newIdempotencyKey() },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['signatures', memberId] }),
  });
}

export function useRevokeRequest(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<void>(`/pro/signature-requests/${id}/revoke`, undefined, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['signatures', memberId] }),
  });
}

export function useVerifyPdf() {
  return useMutation({
    mutationFn: (pdfBase64: string) => api.post<SignatureVerify>('/pro/signed-documents/verify', { pdf: pdfBase64 }),
  });
}
