import type {
  CreateCreditPackageRequest,
  CreateMembershipPlanRequest,
  CreateShortCourseRequest,
  CreditPackage,
  Holder,
  MembershipPlan,
  ShortCourse,
  UpdateCreditPackageRequest,
  UpdateMembershipPlanRequest,
  UpdateShortCourseRequest,
} from '@gym/contract/catalogue';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue } from '../../shared/api/client';

export type { CreditPackage, Holder, MembershipPlan, ShortCourse };

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The three kinds of items of these screens, by their API path. */
export const CATALOGUE_PATHS = {
  plans: '/pro/membership-plans',
  packages: '/pro/packages',
  courses: '/pro/short-courses',
} as const;
export type CatalogueKind = keyof typeof CATALOGUE_PATHS;

/** Every query of one kind of item (lists, items, holders): what a change of them invalidates. */
export const catalogueKey = (kind: CatalogueKind) => ['catalogue', kind] as const;
const key = catalogueKey;

function useCatalogueList<T>(kind: CatalogueKind, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...key(kind), 'list', query],
    queryFn: ({ signal }) => api.get<Page<T>>(CATALOGUE_PATHS[kind], { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useCatalogueItem<T>(kind: CatalogueKind, id: string | undefined) {
  return useQuery({
    queryKey: [...key(kind), 'item', id],
    queryFn: ({ signal }) => api.get<T>(`${CATALOGUE_PATHS[kind]}/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

function useSaveCatalogueItem<T, C, U>(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: C | U }) =>
      input.id
        ? api.patch<T>(`${CATALOGUE_PATHS[kind]}/${input.id}`, input.body)
        : api.post<T>(CATALOGUE_PATHS[kind], input.body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key(kind) }),
  });
}

export const useMembershipPlanList = (query: Record<string, QueryValue>) =>
  useCatalogueList<MembershipPlan>('plans', query);
export const useMembershipPlan = (id: string | undefined) => useCatalogueItem<MembershipPlan>('plans', id);
export const useSaveMembershipPlan = () =>
  useSaveCatalogueItem<MembershipPlan, CreateMembershipPlanRequest, UpdateMembershipPlanRequest>('plans');

export const useCreditPackageList = (query: Record<string, QueryValue>) =>
  useCatalogueList<CreditPackage>('packages', query);
export const useCreditPackage = (id: string | undefined) => useCatalogueItem<CreditPackage>('packages', id);
export const useSaveCreditPackage = () =>
  useSaveCatalogueItem<CreditPackage, CreateCreditPackageRequest, UpdateCreditPackageRequest>('packages');

export const useShortCourseList = (query: Record<string, QueryValue>) =>
  useCatalogueList<ShortCourse>('courses', query);
export const useShortCourse = (id: string | undefined) => useCatalogueItem<ShortCourse>('courses', id);
export const useSaveShortCourse = () =>
  useSaveCatalogueItem<ShortCourse, CreateShortCourseRequest, UpdateShortCourseRequest>('courses');

/** Everyone a plan or package was sold to. */
export function useHolders(kind: 'plans' | 'packages', id: string | undefined, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...key(kind), 'holders', id, query],
    queryFn: ({ signal }) => api.get<Page<Holder>>(`${CATALOGUE_PATHS[kind]}/${id}/holders`, { query, signal }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}
