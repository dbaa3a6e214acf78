import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemDeps } from '../scripts/lib/system-deps.mjs';

const root = join(import.meta.dirname, '..');

/** Chromium from Debian (installed with apt when missing), and a built web app to serve. */
export default function setup() {
  ensureSystemDeps({ chromium: true, postgres: false, redis: false });
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the web app did not build');
  }
}
