// The web app's production build, made when it is missing or older than its sources (`npm start`, `npm run cluster`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

export function ensureWebBuilt() {
  const sources = Math.max(newest(join(web, 'src')), newest(join(root, 'packages/contract/src')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    // Quiet: the chunk tables would push the address and the logins off the screen. They are shown
    // only when the build fails.
    process.stdout.write('Building the web app (first start or changed sources)... ');
    const began = Date.now();
    const r = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/web'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.status !== 0) {
      process.stdout.write('failed:\n');
      process.stdout.write(r.stdout ?? '');
      process.stderr.write(r.stderr ?? '');
      process.exit(r.status ?? 1);
    }
    console.log(`done in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
  }
}
