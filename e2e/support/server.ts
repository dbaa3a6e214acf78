import { afterAll, beforeAll, inject } from 'vitest';
import { type AppServer, startAppServer } from './app-process.ts';
import { launchBrowser } from './browser.ts';

export type { AppServer } from './app-process.ts';

/** A spec file's server and browser (filled in before its first test); suites in `e2e/suites/` take it. */
export interface AppHandle {
  server: AppServer;
  browser: import('playwright-core').Browser;
}

/**
 * The usual e2e file setup: one real server process and one Chromium for the whole file.
 * The server starts on a copy of the data directory the global setup prepared (migrated, demo
 * organisation seeded), so each file begins with the same fresh demo and its own database.
 * Call at the top level of a spec; the returned object is filled in before the first test.
 */
export function useAppServer(env: Record<string, string> = {}): AppHandle {
  const ctx = {} as AppHandle;
  beforeAll(async () => {
    // Chromium starts while the server loads; whichever fails, the other is still closed in afterAll.
    const [server, browser] = await Promise.allSettled([
      startAppServer(env, { fromDataDir: inject('e2eDataDir') }),
      launchBrowser(),
    ]);
    if (server.status === 'fulfilled') ctx.server = server.value;
    if (browser.status === 'fulfilled') ctx.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}
