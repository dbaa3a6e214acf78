/**
 * Fetch-based client for the product API (base `/api/v1`).
 *
 * Token handling follows the contract: a 401 triggers exactly one refresh
 * (`POST /jwt/refresh-token {refreshToken}` -> `{accessToken, refreshToken}`); every request that
 * gets a 401 while that refresh runs waits for the same refresh and is retried once with the new
 * token. A refused refresh ends the session (tokens and userData cleared) and sends the user to
 * the login page.
 */
import type { TokenPair } from '@gym/contract/auth';
import { API_PREFIX } from '@gym/contract/constants';
import type { FieldError } from '@gym/contract/errors';
import { clearSession, getAccessToken, getRefreshToken, setTokens } from '../session';

/** Error codes produced by this client itself (the server's codes are in `@gym/contract/errors`). */
export const CLIENT_ERROR_CODES = { network: 'network_error', badResponse: 'bad_response' } as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Stable error code (`errors:<code>` in the translations). */
  readonly error: string;
  readonly fields?: FieldError[];
  readonly retryAfterSeconds?: number;
  /** Extra facts of the refusal, e.g. `duplicates` of a 409 `duplicate_member`. */
  readonly details?: Record<string, unknown>;

  constructor(init: {
    status: number;
    error: string;
    message: string;
    fields?: FieldError[];
    retryAfterSeconds?: number;
    details?: Record<string, unknown>;
  }) {
    super(init.message);
    this.status = init.status;
    this.error = init.error;
    if (init.fields) this.fields = init.fields;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    if (init.details) this.details = init.details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(pair: TokenPair): void;
  clear(): void;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the bearer token and handle 401 by refreshing (default true). Sign-in calls pass false. */
  auth?: boolean;
  /** Path prefix; defaults to the versioned API base. Pass '' for `/api/health`. */
  prefix?: string;
  /**
   * `Idempotency-Key` of one user action (see `idempotencyKeys()`): the server runs a repeated
   * request with the same key and body once and answers every repeat with the first answer.
   */
  idempotencyKey?: string;
}

/** A new random `Idempotency-Key`. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Keys per user action for a command screen: the same body gets the same key (a double click, or
 * a retry after a lost answer, is run once by the server), a changed body a new key (the server
 * would refuse a key reused with other content). Call `reset()` after the action succeeded.
 */
export function idempotencyKeys() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body ?? null);
      if (last?.body !== text) last = { body: text, key: newIdempotencyKey() };
      return last.key;
    },
    reset() {
      last = null;
    },
  };
}

export interface ApiClientOptions {
  tokens: TokenStore;
  fetch?: typeof fetch;
  /** Origin + nothing for the browser (same origin); tests pass e.g. `http://api.test`. */
  origin?: string;
  /** Called once when a refresh is refused: the session is over. */
  onSessionExpired?: () => void;
  /** Called when the server answers that it is in maintenance mode. */
  onMaintenance?: () => void;
  /** Language sent as `Accept-Language` so server messages match the screen. */
  getLanguage?: () => string | undefined;
  /**
   * Runs the refresh under a lock shared by every tab of this browser, so two tabs never spend the
   * same refresh token (the server revokes a whole token family when an old one is reused).
   */
  withRefreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Refreshes the access token (joining a refresh already under way) and returns the new one. */
  refreshAccessToken(failedToken?: string | null): Promise<string>;
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  fields?: unknown;
  retryAfterSeconds?: unknown;
  details?: unknown;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
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
  return text;
}

function errorFromBody(status: number, body: unknown, statusText: string): ApiError {
  const shape = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const fields = Array.isArray(shape.fields)
    ? shape.fields.filter(
        (f): f is FieldError =>
          Boolean(f) && typeof f === 'object' && typeof (f as FieldError).path === 'string' && 'code' in f,
      )
    : undefined;
  return new ApiError({
    status,
    error: typeof shape.error === 'string' ? shape.error : status >= 500 ? 'internal' : `http_${status}`,
    message: typeof shape.message === 'string' ? shape.message : statusText || `HTTP ${status}`,
    ...(fields && fields.length > 0 ? { fields } : {}),
    ...(typeof shape.retryAfterSeconds === 'number' ? { retryAfterSeconds: shape.retryAfterSeconds } : {}),
    ...(shape.details && typeof shape.details === 'object' && !Array.isArray(shape.details)
      ? { details: shape.details as Record<string, unknown> }
      : {}),
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  const error = errorFromBody(response.status, body, response.statusText);
  if (error.retryAfterSeconds === undefined) {
    const header = Number(response.headers.get('retry-after'));
    if (Number.isFinite(header) && header > 0) {
      return new ApiError({
        status: error.status,
        error: error.error,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details ? { details: error.details } : {}),
        retryAfterSeconds: header,
      });
    }
  }
  return error;
}

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A 401 whose code says the credentials typed in a form were wrong (e.g. the current password on
 * the change-password form) is an answer, not an expired session: it must not trigger a refresh.
 */
const NOT_A_SESSION_PROBLEM = new Set(['invalid_credentials']);

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokens } = options;
  const origin = options.origin ?? '';
  let refreshing: Promise<string> | null = null;

  const doFetch = (url: string, init: RequestInit): Promise<Response> => {
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    return fetchImpl(url, init).catch((cause: unknown) => {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError({
        status: 0,
        error: CLIENT_ERROR_CODES.network,
        message: cause instanceof Error ? cause.message : 'Network error',
      });
    });
  };

  function send(path: string, request: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] = language;
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      if (request.body instanceof FormData || request.body instanceof Blob) {
        body = request.body;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
    }
    const prefix = request.prefix ?? API_PREFIX;
    const init: RequestInit = { method: request.method ?? 'GET', headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = body;
    if (request.signal) init.signal = request.signal;
    return doFetch(`${origin}${prefix}${path}${buildQuery(request.query)}`, init);
  }

  function endSession(): void {
    tokens.clear();
    options.onSessionExpired?.();
  }

  async function runRefresh(failedToken: string | null | undefined): Promise<string> {
    // Another request (or another tab) may already have replaced the token that failed.
    const current = tokens.getAccessToken();
    if (current && failedToken !== undefined && current !== failedToken) return current;

    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) {
      endSession();
      throw new ApiError({ status: 401, error: 'unauthenticated', message: 'No refresh token.' });
    }
    const response = await doFetch(`${origin}${API_PREFIX}/jwt/refresh-token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const error = await toApiError(response);
      // The server refused the refresh token: the session is over. A 5xx is a server problem, not
      // a verdict on the session, so the user keeps their session and may retry.
      if (response.status < 500) endSession();
      throw error;
    }
    const pair = (await readBody(response)) as Partial<TokenPair> | undefined;
    if (!pair || typeof pair.accessToken !== 'string' || typeof pair.refreshToken !== 'string') {
      endSession();
      throw new ApiError({
        status: response.status,
        error: CLIENT_ERROR_CODES.badResponse,
        message: 'The refresh answer had no tokens.',
      });
    }
    tokens.setTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
    return pair.accessToken;
  }

  function refreshAccessToken(failedToken?: string | null): Promise<string> {
    if (!refreshing) {
      const run = () => runRefresh(failedToken);
      refreshing = (options.withRefreshLock ? options.withRefreshLock(run) : run()).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function request<T>(path: string, request: RequestOptions = {}): Promise<T> {
    const auth = request.auth ?? true;
    const token = auth ? tokens.getAccessToken() : null;
    let response = await send(path, request, token);

    if (response.status === 401 && auth) {
      const error = await toApiError(response);
      if (NOT_A_SESSION_PROBLEM.has(error.error)) throw error;
      const freshToken = await refreshAccessToken(token);
      response = await send(path, request, freshToken);
    }

    if (!response.ok) {
      const error = await toApiError(response);
      if (error.error === 'maintenance') options.onMaintenance?.();
      throw error;
    }
    return (await readBody(response)) as T;
  }

  return {
    request,
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    patch: (path, body, rest) => request(path, { ...rest, method: 'PATCH', body }),
    delete: (path, rest) => request(path, { ...rest, method: 'DELETE' }),
    refreshAccessToken,
  };
}

const sessionTokens: TokenStore = {
  getAccessToken,
  getRefreshToken,
  setTokens,
  clear: clearSession,
};

type Hook = () => void;
const hooks: { sessionExpired: Hook | null; maintenance: Hook | null; language: (() => string) | null } = {
  sessionExpired: null,
  maintenance: null,
  language: null,
};

/** The app decides what "go to the login page" means (router navigation); see `app/router.tsx`. */
export function setSessionExpiredHandler(handler: Hook): void {
  hooks.sessionExpired = handler;
}

/** Maintenance hook: the API answers `{error: 'maintenance'}` (503) to non-admin staff while maintenance mode is on. */
export function setMaintenanceHandler(handler: Hook): void {
  hooks.maintenance = handler;
}

export function setLanguageSource(source: () => string): void {
  hooks.language = source;
}

function browserRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return run();
  return locks.request('gym-token-refresh', run) as Promise<T>;
}

/** The app's client, bound to the session in localStorage. */
export const api: ApiClient = createApiClient({
  tokens: sessionTokens,
  onSessionExpired: () => hooks.sessionExpired?.(),
  onMaintenance: () => hooks.maintenance?.(),
  getLanguage: () => hooks.language?.(),
  withRefreshLock: browserRefreshLock,
});
