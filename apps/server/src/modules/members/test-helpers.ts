import type { Role } from '@gym/contract/acl';
import { startOrganisation, type TestContext, type TestOrganisation, type TestUser } from '../../test/harness.ts';

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

/** A new user of `role` in `org` (of `centerIds` only, when given), as a signed-in caller. */
export const callerOf = async (ctx: TestContext, org: TestOrganisation, role: Role, centerIds?: string[]) =>
  apiAs(ctx, await org.newUser({ role, centerIds }));

/**
 * The start of a front-desk test file: `startOrganisation`, its front desk of every centre and of
 * centre A only, a trainer, and the admin (`outsider`) of another organisation (`other`).
 */
export async function startDesk() {
  const { ctx, org, centerA } = await startOrganisation();
  const other = await ctx.newOrganisation();
  return {
    ctx,
    org,
    other,
    desk: await callerOf(ctx, org, 'frontdesk'),
    deskA: await callerOf(ctx, org, 'frontdesk', [centerA]),
    trainer: await callerOf(ctx, org, 'trainer'),
    outsider: await callerOf(ctx, other, 'admin'),
  };
}
