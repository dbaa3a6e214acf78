import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureSystemDeps } from '../scripts/lib/system-deps.mjs';
import { startAppServer } from './support/app-process.ts';

const root = join(import.meta.dirname, '..');

/**
 * Chromium from Debian (installed with apt when missing), a built web app to serve, and the demo
 * database: the server starts once on an empty data directory (migrations, demo organisation), stops,
 * and every spec file's server starts on its own copy of that directory (see support/server.ts).
 */
export default async function setup(project: TestProject) {
  ensureSystemDeps({ chromium: true, postgres: false, redis: false });
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the web app did not build');
  }
  // Made ahead by `npm test` beside the integration tests (e2e/prepare-data.ts).
  const prepared = process.env.E2E_DATA_DIR;
  if (prepared && existsSync(join(prepared, 'pglite'))) {
    project.provide('e2eDataDir', prepared);
    return () => rmSync(prepared, { recursive: true, force: true });
  }
  const first = await startAppServer();
  await first.stop({ keepData: true });
  project.provide('e2eDataDir', first.dataDir);
  return () => rmSync(first.dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataDir: string;
  }
}
