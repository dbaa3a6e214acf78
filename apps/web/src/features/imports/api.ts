import type { ClassImportPreview, ClassImportRequest } from '@gym/contract/class-imports';
import { API_PREFIX } from '@gym/contract/constants';
import type {
  ImportMapping,
  ImportPreview,
  ImportProgressLine,
  ImportRequest,
  ImportRowError,
  ImportValues,
  importPresetSchema,
} from '@gym/contract/imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api, CLIENT_ERROR_CODES } from '../../shared/api/client';
import { currentLanguage } from '../../shared/preferences';
import { getAccessToken } from '../../shared/session';
import { readNdjson } from './ndjson';

export type ImportPreset = z.infer<typeof importPresetSchema>;

const presetsKey = ['import-presets'] as const;

/** Saved column mappings of the organisation (a handful: one per previous software). */
export function usePresets() {
  return useQuery({
    queryKey: presetsKey,
    queryFn: ({ signal }) =>
      api.get<{ items: ImportPreset[]; total: number }>('/pro/import-presets', { query: { pageSize: 200 }, signal }),
    select: (answer) => answer.items,
  });
}

export function useSavePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; mapping: ImportMapping; values: ImportValues }) =>
      api.post<ImportPreset>('/pro/import-presets', input),
    onSuccess: () => client.invalidateQueries({ queryKey: presetsKey }),
  });
}

export function useDeletePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/pro/import-presets/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: presetsKey }),
  });
}

/** The member import's endpoints; the timetable import's are `CLASS_IMPORT_PATHS`. */
export const MEMBER_IMPORT_PATHS = {
  preview: '/pro/imports/members/preview',
  commit: '/pro/imports/members/commit',
  template: '/pro/imports/members/template',
} as const;

export const CLASS_IMPORT_PATHS = {
  preview: '/pro/imports/classes/preview',
  commit: '/pro/imports/classes/commit',
  template: '/pro/imports/classes/template',
} as const;

export const previewImport = (body: ImportRequest, signal?: AbortSignal) =>
  api.post<ImportPreview>(MEMBER_IMPORT_PATHS.preview, body, signal ? { signal } : {});

export const previewClassImport = (body: ClassImportRequest, signal?: AbortSignal) =>
  api.post<ClassImportPreview>(CLASS_IMPORT_PATHS.preview, body, signal ? { signal } : {});

/** A commit refused before anything was written: the rows to fix. */
export interface ImportRefusal {
  rows: ImportRowError[];
  errorCount: number;
}

export class ImportRefusedError extends Error {
  override readonly name = 'ImportRefusedError';
  constructor(readonly refusal: ImportRefusal) {
    super('import_invalid');
  }
}

async function post(url: string, body: string, token: string | null, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/x-ndjson, application/json',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method: 'POST',
      headers,
      body,
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, error: CLIENT_ERROR_CODES.network, message: String(cause) });
  }
}

/**
 * Commits an import at `path` (the member import's or the timetable's `commit`) and reports each
 * NDJSON line as it arrives. The typed client waits for a whole JSON answer, so this call reads the
 * stream itself, with the same single token refresh on a 401. A file with bad rows throws
 * `ImportRefusedError` with those rows.
 */
export async function commitImport<Line = ImportProgressLine>(
  path: string,
  request: ImportRequest | ClassImportRequest,
  onLine: (line: Line) => void,
  signal?: AbortSignal,
): Promise<void> {
  const url = `${API_PREFIX}${path}`;
  const body = JSON.stringify(request);
  const token = getAccessToken();
  let response = await post(url, body, token, signal);
  if (response.status === 401) response = await post(url, body, await api.refreshAccessToken(token), signal);
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as {
      error?: string;
      message?: string;
      details?: { rows?: ImportRowError[]; errorCount?: number };
    };
    if (answer.error === 'import_invalid' && answer.details?.rows) {
      throw new ImportRefusedError({
        rows: answer.details.rows,
        errorCount: answer.details.errorCount ?? answer.details.rows.length,
      });
    }
    throw new ApiError({
      status: response.status,
      error: answer.error ?? (response.status >= 500 ? 'internal' : `http_${response.status}`),
      message: answer.message ?? response.statusText,
    });
  }
  if (!response.body)
    throw new ApiError({ status: response.status, error: CLIENT_ERROR_CODES.badResponse, message: 'no body' });
  await readNdjson<Line>(response.body, onLine);
}
