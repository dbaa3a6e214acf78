/**
 * Members and groups over the API (`/pro/students`, `/pro/groups`), as TanStack Query hooks.
 * Every change invalidates the member lists and the member it touched, so the list a desk returns
 * to is never older than what they just saved.
 */
import type {
  Card,
  CreateMemberRequest,
  DuplicateMember,
  Group,
  Member,
  MemberListItem,
  MergeMembersRequest,
  UpdateMemberRequest,
} from '@gym/contract/members';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, idempotencyKeys, isApiError, type QueryValue } from '../../shared/api/client';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface GroupInput {
  name: string;
  description?: string | null;
  color?: string;
}

export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...memberKeys.lists(), query] as const,
  detail: (id: string) => [...memberKeys.all, 'detail', id] as const,
};

export const groupKeys = {
  all: ['groups'] as const,
  list: (query: Record<string, QueryValue>) => [...groupKeys.all, 'list', query] as const,
  options: () => [...groupKeys.all, 'options'] as const,
};

export const MEMBER_EXPORT_PATH = '/pro/students/export';
export const GROUPS_FOR_PICKERS = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => Boolean(value && UUID.test(value));

/** A page of members; beyond `MEMBER_TOTAL_CAP` matches the total is the cap and `totalCapped` is set. */
export type MemberPage = Page<MemberListItem> & { totalCapped?: boolean };

export function useMembers(query: Record<string, QueryValue>, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: memberKeys.list(query),
    queryFn: ({ signal }) => api.get<MemberPage>('/pro/students', { query, signal }),
    placeholderData: keepPreviousData,
    // Staff search while members walk in: a short freshness keeps the list honest.
    staleTime: 10_000,
    enabled: options.enabled ?? true,
  });
}

export function useMember(id: string | undefined) {
  return useQuery({
    queryKey: memberKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Member>(`/pro/students/${id}`, { signal }),
    enabled: isUuid(id),
  });
}

function invalidateMembers(queryClient: QueryClient, member?: Member) {
  if (member) queryClient.setQueryData(memberKeys.detail(member.id), member);
  void queryClient.invalidateQueries({ queryKey: memberKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: groupKeys.all });
}

/** The members of a 409 `duplicate_member`, or null for any other answer. */
export function duplicatesOf(error: unknown): DuplicateMember[] | null {
  if (!isApiError(error) || error.error !== 'duplicate_member') return null;
  const duplicates = error.details?.duplicates;
  return Array.isArray(duplicates) ? (duplicates as DuplicateMember[]) : [];
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  // One key per add-member action: a double submit or a retry after a lost answer adds one member.
  const [keys] = useState(idempotencyKeys);
  return useMutation({
    mutationFn: (body: CreateMemberRequest) =>
      api.post<Member>('/pro/students', body, { idempotencyKey: keys.keyFor(body) }),
    onSuccess: (member) => {
      keys.reset();
      return invalidateMembers(queryClient, member);
    },
  });
}

export function useUpdateMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMemberRequest) => api.patch<Member>(`/pro/students/${id}`, body),
    onSuccess: (member) => invalidateMembers(queryClient, member),
  });
}

/** After a card change the whole member is read again: the server may have detached the previous card. */
function useMemberChange<V, R>(id: string, run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: memberKeys.lists() });
    },
  });
}

export const useAttachCard = (id: string) =>
  useMemberChange(id, (number: string) => api.post<Card>(`/pro/students/${id}/cards`, { number }));
export const useMarkCardLost = (id: string) =>
  useMemberChange(id, (cardId: string) => api.post<Card>(`/pro/students/${id}/cards/${cardId}/lost`));
export const useDetachCard = (id: string) =>
  useMemberChange(id, (cardId: string) => api.delete<void>(`/pro/students/${id}/cards/${cardId}`));
export const useEraseMember = (id: string) =>
  useMemberChange(id, (confirmCode: string) => api.post<Member>(`/pro/students/${id}/erase`, { confirmCode }));

export function useIssueCardLink(id: string) {
  return useMutation({
    mutationFn: () => api.post<{ url: string; expiresAt: string }>(`/pro/students/${id}/card-link`),
  });
}

// ---- groups ----

export function useGroups(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => api.get<Page<Group>>('/pro/groups', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every group, for filters and pickers (an organisation has tens of groups, not thousands). */
export function useGroupOptions(enabled = true) {
  return useQuery({
    queryKey: groupKeys.options(),
    queryFn: ({ signal }) =>
      api.get<Page<Group>>('/pro/groups', { query: { pageSize: GROUPS_FOR_PICKERS, sort: 'name' }, signal }),
    select: (page) => page.items,
    staleTime: 60_000,
    enabled,
  });
}

function useGroupChange<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}

export const useCreateGroup = () => useGroupChange((body: GroupInput) => api.post<Group>('/pro/groups', body));
export const useUpdateGroup = () =>
  useGroupChange(({ id, body }: { id: string; body: Partial<GroupInput> }) =>
    api.patch<Group>(`/pro/groups/${id}`, body),
  );
export const useDeleteGroup = () => useGroupChange((id: string) => api.delete<void>(`/pro/groups/${id}`));
export const useAddGroupMembers = (groupId: string) =>
  useGroupChange((memberIds: string[]) =>
    api.post<{ added: number; memberCount: number }>(`/pro/groups/${groupId}/members`, { memberIds }),
  );
export const useRemoveGroupMember = (groupId: string) =>
  useGroupChange((memberId: string) => api.delete<void>(`/pro/groups/${groupId}/members/${memberId}`));

/** Merges `otherId` into member `id` (kept, with its code), taking the listed fields from the other. */
export function useMergeMembers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeMembersRequest) => api.post<Member>(`/pro/students/${id}/merge`, body),
    onSuccess: (member, body) => {
      invalidateMembers(queryClient, member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(body.otherId) });
    },
  });
}
