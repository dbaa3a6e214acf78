/**
 * Selling over the API (`/pro/students/:id/sales`, `/pro/invoices`, entitlements, the member's
 * account) as TanStack Query hooks. Every change invalidates the member's money (account,
 * entitlements, invoices) so the file and the lists never show a balance older than the desk's last action.
 */
import type { Minor } from '@gym/contract/money';
import type { Offer } from '@gym/contract/retail';
import type {
  Entitlement,
  EntitlementAction,
  Invoice,
  InvoiceSummary,
  ledgerResponseSchema,
  MemberAccount,
  SaleItemType,
  SaleRequest,
} from '@gym/contract/sales';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';
import { api, idempotencyKeys, type QueryValue } from '../../shared/api/client';

export type LedgerEntry = z.infer<typeof ledgerResponseSchema>['items'][number];

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const salesKeys = {
  all: ['sales'] as const,
  member: (memberId: string) => [...salesKeys.all, 'member', memberId] as const,
  account: (memberId: string) => [...salesKeys.member(memberId), 'account'] as const,
  entitlements: (memberId: string) => [...salesKeys.member(memberId), 'entitlements'] as const,
  ledger: (memberId: string, entitlementId: string) =>
    [...salesKeys.member(memberId), 'ledger', entitlementId] as const,
  invoices: () => [...salesKeys.all, 'invoices'] as const,
  invoiceList: (query: Record<string, QueryValue>) => [...salesKeys.invoices(), 'list', query] as const,
  invoice: (id: string) => [...salesKeys.invoices(), 'detail', id] as const,
  catalogue: (kind: SaleItemType, keyword: string) => [...salesKeys.all, 'catalogue', kind, keyword] as const,
};

export const INVOICE_EXPORT_PATH = '/pro/invoices/export';

export function useMemberAccount(memberId: string, enabled = true) {
  return useQuery({
    queryKey: salesKeys.account(memberId),
    queryFn: ({ signal }) => api.get<MemberAccount>(`/pro/students/${memberId}/account`, { signal }),
    enabled,
  });
}

export function useEntitlements(memberId: string, enabled = true) {
  return useQuery({
    queryKey: salesKeys.entitlements(memberId),
    queryFn: ({ signal }) => api.get<{ items: Entitlement[] }>(`/pro/students/${memberId}/entitlements`, { signal }),
    select: (answer) => answer.items,
    enabled,
  });
}

export function useLedger(memberId: string, entitlementId: string | null) {
  return useQuery({
    queryKey: salesKeys.ledger(memberId, entitlementId ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ items: LedgerEntry[] }>(`/pro/students/${memberId}/entitlements/${entitlementId}/ledger`, { signal }),
    select: (answer) => answer.items,
    enabled: Boolean(entitlementId),
  });
}

export function useInvoices(query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: salesKeys.invoiceList(query),
    queryFn: ({ signal }) => api.get<Page<InvoiceSummary>>('/pro/invoices', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: salesKeys.invoice(id ?? ''),
    queryFn: ({ signal }) => api.get<Invoice>(`/pro/invoices/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

function afterChange(
  queryClient: QueryClient,
  invoice: { id: string; member: { id: string } } | null,
  memberId?: string,
) {
  if (invoice) queryClient.setQueryData(salesKeys.invoice(invoice.id), invoice);
  void queryClient.invalidateQueries({ queryKey: salesKeys.invoices() });
  const member = invoice?.member.id ?? memberId;
  if (member) void queryClient.invalidateQueries({ queryKey: salesKeys.member(member) });
}

/**
 * A command with one `Idempotency-Key` per attempt: a double click or a retry after a lost answer
 * sends the same key with the same body and the server records it once; a changed body gets a new key.
 */
function useIdempotentCommand<I, O>(send: (input: I, key: string) => Promise<O>, onDone: (out: O) => void) {
  const keys = useRef(idempotencyKeys());
  return useMutation({
    mutationFn: (input: I) => send(input, keys.current.keyFor(input)),
    onSuccess: (out) => {
      keys.current.reset();
      onDone(out);
    },
  });
}

export function useSell(memberId: string) {
  const queryClient = useQueryClient();
  return useIdempotentCommand(
    (body: SaleRequest, key) => api.post<Invoice>(`/pro/students/${memberId}/sales`, body, { idempotencyKey: key }),
    (invoice) => afterChange(queryClient, invoice),
  );
}

export interface PaymentInput {
  method: string;
  amountMinor: Minor;
  tenderedMinor?: Minor;
  reference?: string;
  installmentIds?: string[];
}

export function usePay(invoiceId: string) {
  const queryClient = useQueryClient();
  return useIdempotentCommand(
    (body: PaymentInput, key) =>
      api.post<Invoice>(`/pro/invoices/${invoiceId}/payments`, body, { idempotencyKey: key }),
    (invoice) => afterChange(queryClient, invoice),
  );
}

export interface RefundInput {
  reason: string;
  method?: string;
  lines: { lineId: string; quantity: number; amountMinor?: Minor; mode: 'whole' | 'unused' }[];
}

export function useRefund(invoiceId: string) {
  const queryClient = useQueryClient();
  return useIdempotentCommand(
    (body: RefundInput, key) => api.post<Invoice>(`/pro/invoices/${invoiceId}/refunds`, body, { idempotencyKey: key }),
    (invoice) => afterChange(queryClient, invoice),
  );
}

export function useVoid(invoiceId: string) {
  const queryClient = useQueryClient();
  return useIdempotentCommand(
    (body: { reason: string }, key) =>
      api.post<Invoice>(`/pro/invoices/${invoiceId}/void`, body, { idempotencyKey: key }),
    (invoice) => afterChange(queryClient, invoice),
  );
}

export function useEntitlementAction(memberId: string, entitlementId: string) {
  const queryClient = useQueryClient();
  return useIdempotentCommand(
    (body: EntitlementAction, key) =>
      api.post<{ items: Entitlement[] }>(`/pro/students/${memberId}/entitlements/${entitlementId}/actions`, body, {
        idempotencyKey: key,
      }),
    () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.member(memberId) });
      // A transfer moves the entitlement to another member: their file is stale too.
      void queryClient.invalidateQueries({ queryKey: [...salesKeys.all, 'member'] });
    },
  );
}

/** A catalogue item as the pickers need it (the catalogue lists answer more). */
export interface CatalogueItem {
  id: string;
  name: string;
  priceMinor: number;
  taxRateBp?: number;
  /** Membership plans. */
  startRule?: 'on_sale' | 'chosen_date' | 'first_entry';
  durationValue?: number;
  durationUnit?: 'day' | 'month' | 'year';
  /** Packages. */
  credits?: number;
  /** Products. */
  barcode?: string | null;
  sku?: string | null;
}

export const CATALOGUE_PATHS: Record<SaleItemType, string> = {
  membership: '/pro/membership-plans',
  package: '/pro/packages',
  short_course: '/pro/short-courses',
  product: '/pro/products',
  product_set: '/pro/product-sets',
};

/** The catalogue lists carry the price as `price` (minor units): the pickers read it as `priceMinor`. */
const asItem = (x: CatalogueItem & { price?: number }): CatalogueItem => ({
  ...x,
  priceMinor: x.priceMinor ?? x.price ?? 0,
});

/** Active catalogue items of one type matching `keyword`, for a picker (a missing list is an error state). */
export function useCatalogue(kind: SaleItemType, keyword: string, enabled = true) {
  return useQuery({
    queryKey: salesKeys.catalogue(kind, keyword),
    queryFn: ({ signal }) =>
      api.get<Page<CatalogueItem>>(CATALOGUE_PATHS[kind], {
        // Plans, packages and courses filter with `status`, products and sets with `active`.
        query: { active: 'true', status: 'active', keyword, pageSize: 20 },
        signal,
      }),
    select: (answer) => answer.items.map(asItem),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    enabled,
  });
}

/** The product with this barcode (a keyboard-wedge scan in the cart's search box). */
export const productByBarcode = (code: string) =>
  api.get<CatalogueItem>(`/pro/products/by-barcode/${encodeURIComponent(code)}`).then(asItem);

/** One catalogue item by type and id (an offer's cart names its items by id). */
export const catalogueItem = (type: SaleItemType, id: string) =>
  api.get<CatalogueItem & { price?: number }>(`${CATALOGUE_PATHS[type]}/${id}`).then(asItem);

/** The offers running today at a centre, shown beside the cart. */
export function useCurrentOffers(centerId: string | undefined) {
  return useQuery({
    queryKey: [...salesKeys.all, 'offers', centerId ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: Offer[] }>('/pro/offers/current', { query: { centerId: centerId ?? '' }, signal }),
    select: (answer) => answer.items,
    enabled: Boolean(centerId),
    staleTime: 60_000,
  });
}
