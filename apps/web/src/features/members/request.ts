/**
 * A JSON request whose refusal keeps the answer's `details` (the shared client drops them): the
 * duplicate-member warning lists the members it found from `details.duplicates`. Token handling is
 * the shared client's: one refresh on 401 through `api.refreshAccessToken`.
 */
import { API_PREFIX } from '@gym/contract/constants';
import { ApiError, api, CLIENT_ERROR_CODES } from '../../shared/api/client';
import { currentLanguage } from '../../shared/preferences';
import { getAccessToken } from '../../shared/session';

export class DetailedApiError extends ApiError {
  readonly details: Record<string, unknown> | undefined;

  constructor(init: ConstructorParameters<typeof ApiError>[0] & { details?: Record<string, unknown> }) {
    super(init);
    this.details = init.details;
  }
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  fields?: unknown;
  details?: unknown;
}

async function send(method: string, path: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new ApiError({ status: 0, error: CLIENT_ERROR_CODES.network, message: String(cause) });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({
      status: response.status,
      error: CLIENT_ERROR_CODES.badResponse,
      message: 'The server answered with malformed JSON.',
    });
  }
}

export async function sendJson<T>(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<T> {
  const token = getAccessToken();
  let response = await send(method, path, body, token);
  if (response.status === 401) {
    const fresh = await api.refreshAccessToken(token);
    response = await send(method, path, body, fresh);
  }
  const answer = await readJson(response).catch((error: unknown) => {
    if (response.ok) throw error;
    return undefined;
  });
  if (response.ok) return answer as T;
  const shape = (answer && typeof answer === 'object' ? answer : {}) as ErrorBody;
  const fields = Array.isArray(shape.fields)
    ? (shape.fields as { path: unknown; code: unknown; message: unknown }[])
        .filter((f) => f && typeof f.path === 'string' && typeof f.code === 'string')
        .map((f) => ({ path: String(f.path), code: String(f.code), message: String(f.message ?? '') }))
    : undefined;
  throw new DetailedApiError({
    status: response.status,
    error:
      typeof shape.error === 'string' ? shape.error : response.status >= 500 ? 'internal' : `http_${response.status}`,
    message: typeof shape.message === 'string' ? shape.message : response.statusText,
    ...(fields && fields.length > 0 ? { fields } : {}),
    ...(shape.details && typeof shape.details === 'object'
      ? { details: shape.details as Record<string, unknown> }
      : {}),
  });
}
