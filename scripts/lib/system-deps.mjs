// Installs what the tests need from the system (Chromium, PostgreSQL 15, a CJK TrueType font) with
// apt when running as root, or names what is missing and fails. It never skips silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const PG_BIN = '/usr/lib/postgresql/15/bin';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function aptInstall(packages) {
  console.log(`[setup] installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  }
  return r.status === 0;
}

export const REDIS = '/usr/bin/redis-server';
/** The load balancer of `npm run cluster`. */
export const NGINX = '/usr/sbin/nginx';
/** The Chinese font the invoice PDFs embed (apps/server/src/modules/sales/pdf-font.ts looks for it). */
export const CJK_FONT = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';

export function ensureSystemDeps({
  chromium = true,
  postgres = true,
  redis = true,
  cjkFont = true,
  nginx = false,
} = {}) {
  const missing = [];
  if (cjkFont && !existsSync(CJK_FONT))
    missing.push({ pkg: 'fonts-droid-fallback', check: () => existsSync(CJK_FONT) });
  if (nginx && !existsSync(NGINX)) missing.push({ pkg: 'nginx-light', check: () => existsSync(NGINX) });
  if (redis && !existsSync(REDIS)) missing.push({ pkg: 'redis-server', check: () => existsSync(REDIS) });
  if (chromium && !existsSync(CHROMIUM)) missing.push({ pkg: 'chromium', check: () => existsSync(CHROMIUM) });
  if (postgres && !existsSync(`${PG_BIN}/initdb`))
    missing.push({ pkg: 'postgresql-15', check: () => existsSync(`${PG_BIN}/initdb`) });
  if (missing.length === 0) return;
  if (isRoot()) aptInstall(missing.map((m) => m.pkg));
  const still = missing.filter((m) => !m.check());
  if (still.length > 0) {
    const names = still.map((m) => m.pkg).join(' ');
    throw new Error(
      `The tests need these system packages: ${names}.\n` +
        (isRoot() ? 'apt-get could not install them.' : `Install them as root: apt-get install -y ${names}`),
    );
  }
}

export function whoami() {
  try {
    return execFileSync('id', ['-un']).toString().trim();
  } catch {
    return 'unknown';
  }
}
