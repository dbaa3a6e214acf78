import type {
  AgreementTemplate,
  AgreementTemplateCreate,
  MemberSignatures,
  PublicSignatureDocument,
  SignaturePadOpened,
  SignatureSubmit,
  SignatureVerify,
  signingCertificateAnswerSchema,
  signingCertificateUploadSchema,
} from '@gym/contract/signatures';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

/** A new template (version 1), or a change of one (its next version). */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AgreementTemplateCreate & { id?: string }) =>
      id
        ? api.patch<AgreementTemplate>(`/pro/agreement-templates/${encodeURIComponent(id)}`, {
            title: body.title,
            body: body.body,
          })
        : api.post<AgreementTemplate>('/pro/agreement-templates', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['agreement-templates'] }),
  });
}

export type SigningCertificateAnswer = z.infer<typeof signingCertificateAnswerSchema>;

export function useSigningCertificate() {
  return useQuery({
    queryKey: ['signing-certificate'],
    queryFn: ({ signal }) => api.get<SigningCertificateAnswer>('/pro/signing-certificate', { signal }),
  });
}

export function useUploadCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.infer<typeof signingCertificateUploadSchema>) =>
      api.request<SigningCertificateAnswer>('/pro/signing-certificate', { method: 'PUT', body }),
    onSuccess: (answer) => client.setQueryData(['signing-certificate'], answer),
  });
}
