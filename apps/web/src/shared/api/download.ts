/**
 * Authenticated file downloads (exports, privacy export). A plain `<a href>` cannot carry the
 * bearer token, so the file is fetched with it, read chunk by chunk (to report progress), and
 * handed to the browser as a blob under the server's file name.
 */
import { API_PREFIX } from '@gym/contract/constants';
import { currentLanguage } from '../preferences';
import { getAccessToken } from '../session';
import { ApiError, api, CLIENT_ERROR_CODES, type QueryValue } from './client';

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** Bytes expected, when the server said (a streamed export usually does not). */
  total: number | null;
}

export interface DownloadOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Used when the answer names no file. */
  fallbackName: string;
}

export interface DownloadedFile {
  fileName: string;
  size: number;
  blob: Blob;
}

/** The file name of a `Content-Disposition` header; `filename*` (UTF-8) wins over `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return safeFileName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? safeFileName(name.trim()) : null;
}

/** No folders, no control characters: the name is only ever a suggestion to the browser. */
function safeFileName(name: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = name.replace(/[\\/\u0000-\u001f]/g, '_').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : null;
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: { error?: unknown; message?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ApiError({
    status: response.status,
    error:
      typeof body.error === 'string' ? body.error : response.status >= 500 ? 'internal' : `http_${response.status}`,
    message: typeof body.message === 'string' ? body.message : response.statusText,
  });
}

async function fetchWithToken(url: string, token: string | null, signal: AbortSignal | undefined) {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, { headers, credentials: 'same-origin', ...(signal ? { signal } : {}) });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, error: CLIENT_ERROR_CODES.network, message: String(cause) });
  }
}

/** Fetches a file from the API (with one token refresh on 401, like every other call). */
export async function fetchFile(path: string, options: DownloadOptions): Promise<DownloadedFile> {
  const url = `${API_PREFIX}${path}${queryString(options.query)}`;
  const token = getAccessToken();
  let response = await fetchWithToken(url, token, options.signal);
  if (response.status === 401) {
    const fresh = await api.refreshAccessToken(token);
    response = await fetchWithToken(url, fresh, options.signal);
  }
  if (!response.ok) throw await errorOf(response);

  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.({ received, total });
    }
  } else {
    const whole = await response.arrayBuffer();
    chunks.push(whole);
    received = whole.byteLength;
    options.onProgress?.({ received, total });
  }
  return {
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fallbackName,
    size: received,
    blob: new Blob(chunks, { type }),
  };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** Fetches and saves a file; resolves with what was saved. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<DownloadedFile> {
  const file = await fetchFile(path, options);
  saveBlob(file.blob, file.fileName);
  return file;
}
