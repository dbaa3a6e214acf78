import type {
  Coupon,
  CreateCouponRequest,
  CreateOfferRequest,
  CreateProductRequest,
  CreateProductSetRequest,
  Offer,
  Product,
  ProductSet,
  StockMovement,
  StockMovementRequest,
  UpdateCouponRequest,
  UpdateOfferRequest,
  UpdateProductRequest,
  UpdateProductSetRequest,
} from '@gym/contract/retail';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue } from '../../shared/api/client';

export { useCenters } from '../../shared/centers';
export type { Coupon, Offer, Product, ProductSet, StockMovement };

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
const retailKey = ['retail'] as const;
type Kind = 'products' | 'product-sets' | 'coupons' | 'offers';

function useList<T>(kind: Kind, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: [...retailKey, kind, 'list', query],
    queryFn: ({ signal }) => api.get<Page<T>>(`/pro/${kind}`, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useDetail<T>(kind: Kind, id: string | null) {
  return useQuery({
    queryKey: [...retailKey, kind, 'detail', id],
    queryFn: ({ signal }) => api.get<T>(`/pro/${kind}/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

function useSave<T, C, U>(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: C | U }) =>
      input.id ? api.patch<T>(`/pro/${kind}/${input.id}`, input.body) : api.post<T>(`/pro/${kind}`, input.body),
    // Names of items appear in other lists (sets, coupons, offers): the whole catalogue is read again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: retailKey }),
  });
}

export const useProductList = (query: Record<string, QueryValue>, enabled = true) =>
  useList<Product>('products', query, enabled);
export const useProduct = (id: string | null) => useDetail<Product>('products', id);
export const useSaveProduct = () => useSave<Product, CreateProductRequest, UpdateProductRequest>('products');

export const useProductSetList = (query: Record<string, QueryValue>, enabled = true) =>
  useList<ProductSet>('product-sets', query, enabled);
export const useSaveProductSet = () =>
  useSave<ProductSet, CreateProductSetRequest, UpdateProductSetRequest>('product-sets');

export const useCouponList = (query: Record<string, QueryValue>, enabled = true) =>
  useList<Coupon>('coupons', query, enabled);
export const useSaveCoupon = () => useSave<Coupon, CreateCouponRequest, UpdateCouponRequest>('coupons');

export const useOfferList = (query: Record<string, QueryValue>) => useList<Offer>('offers', query);
export const useOffer = (id: string | null) => useDetail<Offer>('offers', id);
export const useSaveOffer = () => useSave<Offer, CreateOfferRequest, UpdateOfferRequest>('offers');

export function useStockMovements(productId: string | null, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...retailKey, 'products', 'movements', productId, query],
    queryFn: ({ signal }) =>
      api.get<Page<StockMovement>>(`/pro/products/${productId}/stock-movements`, { query, signal }),
    enabled: Boolean(productId),
    placeholderData: keepPreviousData,
  });
}

export function useMoveStock(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockMovementRequest) =>
      api.post<StockMovement>(`/pro/products/${productId}/stock-movements`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...retailKey, 'products'] }),
  });
}
