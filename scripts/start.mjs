// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeFlags } from './lib/server-node.mjs';

const root = new URL('..', import.meta.url).pathname;
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

const { flags, unknown } = serverNodeFlags();
if (unknown.length > 0) console.log(`This Node does not know ${unknown.join(' ')}: the server runs without it.`);
const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', DATA_DIR: join(root, 'data'), ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
