import type { TokenPair } from '@gym/contract/auth';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, idempotencyKeys, type TokenStore } from './client';

interface Call {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function memoryTokens(
  initial: Partial<TokenPair>,
): TokenStore & { state: { access: string | null; refresh: string | null } } {
  const state = { access: initial.accessToken ?? null, refresh: initial.refreshToken ?? null };
  return {
    state,
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh,
    setTokens: (pair) => {
      state.access = pair.accessToken;
      state.refresh = pair.refreshToken;
    },
    clear: () => {
      state.access = null;
      state.refresh = null;
    },
  };
}

/**
 * A fake API: accepts one access token at a time; the refresh endpoint waits until the test
 * releases it, so requests can pile up while a refresh is under way.
 */
function fakeServer(options: { refreshOutcome?: 'ok' | 'refused' | 'server-error' } = {}) {
  const calls: Call[] = [];
  let validAccess = 'access-2';
  let refreshCount = 0;
  let releaseRefresh: () => void = () => {};
  const refreshGate = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init?.method ?? 'GET', url, authorization: headers.get('authorization'), body });

    if (url.endsWith('/api/v1/jwt/refresh-token')) {
      refreshCount += 1;
      await refreshGate;
      if (options.refreshOutcome === 'refused')
        return json(401, { error: 'token_invalid', message: 'Invalid refresh' });
      if (options.refreshOutcome === 'server-error') return json(503, { error: 'internal', message: 'Down' });
      validAccess = `access-${2 + refreshCount}`;
      return json(200, { accessToken: validAccess, refreshToken: `refresh-${2 + refreshCount}` });
    }
    if (url.endsWith('/api/v1/pro/me/password')) {
      return json(401, { error: 'invalid_credentials', message: 'Wrong password' });
    }
    if (headers.get('authorization') !== `Bearer ${validAccess}`) {
      return json(401, { error: 'unauthenticated', message: 'Token expired' });
    }
    if (url.includes('/api/v1/pro/fail')) {
      return json(409, {
        error: 'email_taken',
        message: 'Taken',
        fields: [{ path: 'email', code: 'email_taken', message: 'Taken' }],
      });
    }
    return json(200, { url, ok: true });
  });

  return {
    fetch,
    calls,
    releaseRefresh: () => releaseRefresh(),
    expireAccessToken: () => {
      validAccess = 'access-never-issued';
    },
    get refreshCount() {
      return refreshCount;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('api client: one refresh for many 401s', () => {
  it('runs a single refresh for concurrent 401s and retries each request once with the new token', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ tokens, fetch: server.fetch, origin: 'http://api.test', onSessionExpired });

    const pending = [client.get('/pro/a'), client.get('/pro/b'), client.post('/pro/c', { x: 1 })];
    await flush();
    await flush();
    expect(server.refreshCount).toBe(1);

    // A request that starts while the refresh is still running also waits for that same refresh.
    const late = client.get('/pro/d');
    await flush();
    server.releaseRefresh();

    const results = await Promise.all([...pending, late]);
    expect(results).toHaveLength(4);
    expect(server.refreshCount).toBe(1);
    expect(tokens.state).toEqual({ access: 'access-3', refresh: 'refresh-3' });
    expect(onSessionExpired).not.toHaveBeenCalled();

    const refreshCalls = server.calls.filter((c) => c.url.endsWith('/jwt/refresh-token'));
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshCalls[0]?.authorization).toBeNull();

    for (const path of ['/pro/a', '/pro/b', '/pro/c', '/pro/d']) {
      const attempts = server.calls.filter((c) => c.url === `http://api.test/api/v1${path}`);
      expect(attempts.map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-3']);
    }
    const retriedPost = server.calls.filter((c) => c.url.endsWith('/pro/c'));
    expect(retriedPost.map((c) => c.body)).toEqual([{ x: 1 }, { x: 1 }]);
  });

  it('does not refresh again when a request sent with the old token fails after the refresh finished', async () => {
    const server = fakeServer();
    server.releaseRefresh();
    const tokens = memoryTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const client = createApiClient({ tokens, fetch: server.fetch });

    await client.get('/pro/a');
    expect(server.refreshCount).toBe(1);
    // Simulate a request that had read the old token before the refresh completed.
    const stale = await client.refreshAccessToken('access-1');
    expect(stale).toBe('access-3');
    expect(server.refreshCount).toBe(1);
  });

  it('retries only once: a second 401 after the refresh is thrown, not looped', async () => {
    const server = fakeServer();
    server.releaseRefresh();
    const tokens = memoryTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const client = createApiClient({ tokens, fetch: server.fetch });
    const originalFetch = server.fetch.getMockImplementation();
    server.fetch.mockImplementation(async (input, init) => {
      const response = await originalFetch!(input, init);
      if (String(input).endsWith('/jwt/refresh-token')) server.expireAccessToken();
      return response;
    });

    await expect(client.get('/pro/a')).rejects.toMatchObject({ status: 401, error: 'unauthenticated' });
    expect(server.refreshCount).toBe(1);
    expect(server.calls.filter((c) => c.url.endsWith('/pro/a'))).toHaveLength(2);
  });

  it('ends the session once when the refresh is refused, and every waiting request fails', async () => {
    const server = fakeServer({ refreshOutcome: 'refused' });
    const tokens = memoryTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ tokens, fetch: server.fetch, onSessionExpired });

    const pending = [client.get('/pro/a'), client.get('/pro/b')].map((p) => p.catch((e: unknown) => e));
    await flush();
    server.releaseRefresh();
    const errors = await Promise.all(pending);

    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, error: 'token_invalid' });
    }
    expect(server.refreshCount).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokens.state).toEqual({ access: null, refresh: null });
  });

  it('keeps the session when the refresh fails because the server is down', async () => {
    const server = fakeServer({ refreshOutcome: 'server-error' });
    server.releaseRefresh();
    const tokens = memoryTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ tokens, fetch: server.fetch, onSessionExpired });

    await expect(client.get('/pro/a')).rejects.toMatchObject({ status: 503 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(tokens.state.refresh).toBe('refresh-1');
  });

  it('ends the session without calling the server when there is no refresh token', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({ accessToken: 'access-1' });
    const onSessionExpired = vi.fn();
    const client = createApiClient({ tokens, fetch: server.fetch, onSessionExpired });

    await expect(client.get('/pro/a')).rejects.toMatchObject({ status: 401 });
    expect(server.refreshCount).toBe(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('treats invalid_credentials as an answer, not an expired session', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({ accessToken: 'access-2', refreshToken: 'refresh-1' });
    const client = createApiClient({ tokens, fetch: server.fetch });

    await expect(
      client.post('/pro/me/password', { currentPassword: 'x', newPassword: 'yyyyyyyy' }),
    ).rejects.toMatchObject({ status: 401, error: 'invalid_credentials' });
    expect(server.refreshCount).toBe(0);
  });

  it('does not refresh for sign-in calls made without auth', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({});
    const client = createApiClient({ tokens, fetch: server.fetch });

    await expect(client.post('/jwt/login', { email: 'a@b.c', password: 'x' }, { auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(server.refreshCount).toBe(0);
    expect(server.calls[0]?.authorization).toBeNull();
  });
});

describe('api client: errors and bodies', () => {
  it('throws ApiError with the server shape, including field errors', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({ accessToken: 'access-2', refreshToken: 'r' });
    const client = createApiClient({ tokens, fetch: server.fetch });

    const error = await client.get('/pro/fail').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      error: 'email_taken',
      message: 'Taken',
      fields: [{ path: 'email', code: 'email_taken', message: 'Taken' }],
    });
  });

  it('keeps the details of a refusal, such as the duplicates of a 409', async () => {
    const tokens = memoryTokens({ accessToken: 'a', refreshToken: 'r' });
    const duplicates = [{ id: 'm1', code: 'DF000001', name: 'Tai Man Chan', matchedOn: ['phone'] }];
    const client = createApiClient({
      tokens,
      fetch: async () => json(409, { error: 'duplicate_member', message: 'D', details: { duplicates } }),
    });
    await expect(client.post('/pro/students', {})).rejects.toMatchObject({
      error: 'duplicate_member',
      details: { duplicates },
    });
  });

  it('reports an unreachable server as status 0 network_error', async () => {
    const tokens = memoryTokens({ accessToken: 'a', refreshToken: 'r' });
    const client = createApiClient({
      tokens,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.get('/pro/a')).rejects.toMatchObject({ status: 0, error: 'network_error' });
  });

  it('reads retryAfterSeconds from the body or the Retry-After header, and calls the maintenance hook', async () => {
    const tokens = memoryTokens({ accessToken: 'a', refreshToken: 'r' });
    const onMaintenance = vi.fn();
    const client = createApiClient({
      tokens,
      onMaintenance,
      fetch: async (input) => {
        const url = String(input);
        if (url.endsWith('/locked'))
          return json(423, { error: 'account_locked', message: 'L', retryAfterSeconds: 600 });
        if (url.endsWith('/limited')) {
          return new Response(JSON.stringify({ error: 'rate_limited', message: 'R' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
          });
        }
        return json(503, { error: 'maintenance', message: 'M' });
      },
    });
    await expect(client.get('/locked')).rejects.toMatchObject({ retryAfterSeconds: 600 });
    await expect(client.get('/limited')).rejects.toMatchObject({ error: 'rate_limited', retryAfterSeconds: 30 });
    await expect(client.get('/other')).rejects.toMatchObject({ status: 503, error: 'maintenance' });
    expect(onMaintenance).toHaveBeenCalledTimes(1);
  });

  it('builds query strings without empty values and returns undefined for 204', async () => {
    const seen: string[] = [];
    const tokens = memoryTokens({ accessToken: 'a', refreshToken: 'r' });
    const client = createApiClient({
      tokens,
      fetch: async (input) => {
        seen.push(String(input));
        return new Response(null, { status: 204 });
      },
    });
    const answer = await client.get('/pro/outbox', { query: { page: 2, pageSize: 20, keyword: '', sort: undefined } });
    expect(answer).toBeUndefined();
    expect(seen).toEqual(['/api/v1/pro/outbox?page=2&pageSize=20']);
    await client.get('/api/health', { prefix: '' });
    expect(seen[1]).toBe('/api/health');
  });
});

describe('Idempotency-Key', () => {
  it('sends the key of a user action, the same for the same body and a new one for a changed body', async () => {
    const sent: (string | null)[] = [];
    const client = createApiClient({
      tokens: memoryTokens({ accessToken: 'a', refreshToken: 'r' }),
      origin: 'http://api.test',
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Headers(init?.headers).get('idempotency-key'));
        return json(201, { ok: true });
      }) as typeof fetch,
    });
    const keys = idempotencyKeys();
    const body = { lastName: 'Chan' };
    await client.post('/pro/students', body, { idempotencyKey: keys.keyFor(body) });
    await client.post('/pro/students', { ...body }, { idempotencyKey: keys.keyFor({ ...body }) });
    await client.post('/pro/students', { lastName: 'Wong' }, { idempotencyKey: keys.keyFor({ lastName: 'Wong' }) });
    keys.reset();
    await client.post('/pro/students', { lastName: 'Wong' }, { idempotencyKey: keys.keyFor({ lastName: 'Wong' }) });
    await client.post('/pro/students', body);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[0]);
    expect(sent[3]).not.toBe(sent[2]);
    expect(sent[4]).toBeNull();
  });
});
