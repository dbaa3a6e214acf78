import type {
  Album,
  AlbumDetail,
  AlbumPhoto,
  News,
  newsListResponseSchema,
  Slide,
  StoredImage,
} from '@gym/contract/content';
import { IMAGE_MAX_BYTES } from '@gym/contract/content';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type QueryValue } from '../../shared/api/client';

export type { Album, AlbumDetail, AlbumPhoto, News, Slide, StoredImage };
export type NewsPage = z.infer<typeof newsListResponseSchema>;

const newsKey = ['content', 'news'] as const;
const albumsKey = ['content', 'albums'] as const;
const slidesKey = ['content', 'slides'] as const;

/** The file's bytes in base64 (as the upload route takes them). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Whether a file is too large to send at all (the server refuses it with 413 anyway). */
export const tooLarge = (file: { size: number }) => file.size > IMAGE_MAX_BYTES;

/** Uploads one image; the server checks it by its content and answers its resized copies. */
export async function uploadImage(file: File): Promise<StoredImage> {
  const content = await readAsBase64(file);
  return api.post<StoredImage>('/pro/content-images', { fileName: file.name || 'image', content });
}

// ---- news ----

export function useNewsList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...newsKey, 'list', query],
    queryFn: ({ signal }) => api.get<NewsPage>('/pro/news', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface NewsInput {
  title: string;
  body: string;
  imageId: string | null;
  publishFrom: string | null;
  publishUntil: string | null;
  centerIds: string[];
  languages: string[];
  published: boolean;
}

export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: Partial<NewsInput> }) =>
      input.id ? api.patch<News>(`/pro/news/${input.id}`, input.body) : api.post<News>('/pro/news', input.body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsKey }),
  });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/pro/news/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsKey }),
  });
}

// ---- albums ----

export function useAlbumList(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [...albumsKey, 'list', query],
    queryFn: ({ signal }) => api.get<{ items: Album[]; total: number }>('/pro/albums', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAlbum(id: string | null) {
  return useQuery({
    queryKey: [...albumsKey, 'detail', id],
    queryFn: ({ signal }) => api.get<AlbumDetail>(`/pro/albums/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

/** Every album change: the list's covers and counts follow. */
function useAlbumChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: albumsKey }),
  });
}

export const useSaveAlbum = () =>
  useAlbumChange((input: { id: string | null; body: { title: string; description: string | null } }) =>
    input.id
      ? api.patch<AlbumDetail>(`/pro/albums/${input.id}`, input.body)
      : api.post<AlbumDetail>('/pro/albums', input.body),
  );
export const useDeleteAlbum = () => useAlbumChange((id: string) => api.delete<void>(`/pro/albums/${id}`));
export const useAddPhoto = () =>
  useAlbumChange((input: { albumId: string; imageId: string }) =>
    api.post<AlbumPhoto>(`/pro/albums/${input.albumId}/photos`, { imageId: input.imageId }),
  );
export const useRemovePhoto = () =>
  useAlbumChange((input: { albumId: string; photoId: string }) =>
    api.delete<void>(`/pro/albums/${input.albumId}/photos/${input.photoId}`),
  );
export const useReorderPhotos = () =>
  useAlbumChange((input: { albumId: string; ids: string[] }) =>
    api.request<AlbumDetail>(`/pro/albums/${input.albumId}/photo-order`, { method: 'PUT', body: { ids: input.ids } }),
  );

// ---- slides ----

export function useSlides() {
  return useQuery({
    queryKey: slidesKey,
    queryFn: ({ signal }) => api.get<{ items: Slide[] }>('/pro/slides', { signal }),
  });
}

export interface SlideInput {
  title: string;
  linkUrl: string | null;
  imageId: string;
  publishFrom: string | null;
  publishUntil: string | null;
  centerIds: string[];
  languages: string[];
  published: boolean;
}

function useSlideChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: slidesKey }),
  });
}

export const useSaveSlide = () =>
  useSlideChange((input: { id: string | null; body: Partial<SlideInput> }) =>
    input.id ? api.patch<Slide>(`/pro/slides/${input.id}`, input.body) : api.post<Slide>('/pro/slides', input.body),
  );
export const useDeleteSlide = () => useSlideChange((id: string) => api.delete<void>(`/pro/slides/${id}`));
export function useReorderSlides() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.request<{ items: Slide[] }>('/pro/slide-order', { method: 'PUT', body: { ids } }),
    // The new order shows at once; the server's answer (or a reload on failure) settles it.
    onMutate: (ids) => {
      const before = queryClient.getQueryData<{ items: Slide[] }>(slidesKey);
      if (before) {
        const byId = new Map(before.items.map((s) => [s.id, s]));
        queryClient.setQueryData(slidesKey, { items: ids.flatMap((id) => byId.get(id) ?? []) });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(slidesKey, context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: slidesKey }),
  });
}
