import type { TestContext, TestUser } from '../../test/harness.ts';

/** A signed-in caller of `/api/v1/pro`, for tests that read like the requests the web app sends. */
export async function apiAs(ctx: TestContext, user: TestUser) {
  const headers = ctx.bearer(await user.login());
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1/pro${url}`, headers, payload: payload as object | undefined });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}
export type Api = Awaited<ReturnType<typeof apiAs>>;
