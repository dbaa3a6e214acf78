// `npm test`: lint, typecheck, unit + integration (PGlite and a real PostgreSQL 15), web build, e2e in Chromium.
import { spawnSync } from 'node:child_process';
import { ensureSystemDeps } from './lib/system-deps.mjs';

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['system packages', null, () => ensureSystemDeps()],
  [
    'unit and integration (PGlite, PostgreSQL 15)',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'server', '--project', 'server-pg'],
  ],
  ['scale (two API servers, PostgreSQL 15, Redis)', 'npx', ['vitest', 'run', '--project', 'scale']],
  ['web build', 'npm', ['run', '--silent', 'build']],
  ['e2e (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

const only = process.argv.slice(2);
const started = Date.now();
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  if (cmd === null) {
    try {
      args();
    } catch (err) {
      console.error(err.message);
      process.exit(1);
    }
  } else {
    const r = spawnSync(cmd, args, {
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
    });
    if (r.status !== 0) {
      console.error(`\n${name} failed (exit ${r.status ?? r.signal})`);
      process.exit(r.status || 1);
    }
  }
  console.log(`--- ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
