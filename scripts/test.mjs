// `npm test`: lint, typecheck, unit + integration (PGlite and a real PostgreSQL 15), web build, e2e in Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureSystemDeps } from './lib/system-deps.mjs';

const E2E_DATA_DIR = new URL('../.tmp/e2e-data', import.meta.url).pathname;

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  // Type checking runs beside the integration tests (they leave a core idle while PostgreSQL and the
  // templates start, and at their end); its output is shown whole when it ends, before the load step.
  ['typecheck', 'npm', ['run', '--silent', 'typecheck'], { background: true }],
  ['system packages', null, () => ensureSystemDeps()],
  // The e2e step's demo database, made beside the integration tests (e2e/prepare-data.ts).
  ['e2e database', 'node', ['--import', 'tsx', 'e2e/prepare-data.ts', E2E_DATA_DIR], { background: true, for: 'e2e' }],
  [
    'unit and integration (PGlite, PostgreSQL 15)',
    'npx',
    // Two files at a time (vitest would use one on two cores): the tests that bound a latency run
    // alone in the next step.
    ['vitest', 'run', '--project', 'unit', '--project', 'server', '--project', 'server-pg', '--maxWorkers=2'],
  ],
  ['background steps (waited for)', null, 'await-background'],
  [
    'load and scale (alone: latency under an import; two API servers, PostgreSQL 15, Redis)',
    'npx',
    ['vitest', 'run', '--project', 'load', '--project', 'load-pg', '--project', 'scale', '--no-file-parallelism'],
  ],
  ['web build', 'npm', ['run', '--silent', 'build']],
  // Two spec files at a time (each its own server and browser); three were slower on two cores (decision 250).
  ['e2e (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e', '--maxWorkers=2'], { env: { E2E_DATA_DIR } }],
];

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const reportDir = new URL('../.tmp/test-reports/', import.meta.url).pathname;
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
let runIndex = 0;

/** vitest runs also write a JSON report, so that the closing line can add every run up. */
function withReport(args) {
  if (args[0] !== 'vitest') return { args, file: null };
  runIndex += 1;
  const file = `${reportDir}run-${runIndex}.json`;
  return { args: [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], file };
}

function count(file) {
  if (!file || !existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

const closingLine = () => `Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
const started = Date.now();
const background = [];

/** A step started now and waited for later: its output is kept and printed when it is waited for. */
function startInBackground(name, cmd, args) {
  const t = Date.now();
  console.log(`\n=== ${name} (started; runs beside the next steps) ===`);
  const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  background.push({
    name,
    done: new Promise((resolve) => {
      child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out, ms: Date.now() - t }));
    }),
  });
}

async function awaitBackground() {
  for (const job of background.splice(0)) {
    const r = await job.done;
    console.log(`\n=== ${job.name} (ended) ===`);
    if (r.out) process.stdout.write(r.out);
    if (r.code !== 0) {
      console.error(`\n${job.name} failed (exit ${r.code})`);
      console.log(closingLine());
      process.exit(r.code || 1);
    }
    console.log(`--- ${job.name}: ${(r.ms / 1000).toFixed(1)} s (beside other steps)`);
  }
}

for (const [name, cmd, args, opts] of steps) {
  if (args === 'await-background') {
    await awaitBackground();
    continue;
  }
  if (only.length && !only.some((o) => name.startsWith(o) || (opts?.for && opts.for.startsWith(o)))) continue;
  if (opts?.background) {
    startInBackground(name, cmd, args);
    continue;
  }
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
    const run = withReport(args);
    // Not spawnSync: it would block this process's event loop, which reads the background steps'
    // output (a background step that filled its pipe would stall) and sees them end.
    const r = await new Promise((resolve) => {
      const child = spawn(cmd, run.args, {
        stdio: 'inherit',
        env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...opts?.env },
      });
      child.on('error', (error) => resolve({ status: 1, signal: error.message }));
      child.on('close', (status, signal) => resolve({ status, signal }));
    });
    count(run.file);
    if (r.status !== 0) {
      console.error(`\n${name} failed (exit ${r.status ?? r.signal})`);
      console.log(closingLine());
      process.exit(r.status || 1);
    }
  }
  console.log(`--- ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
await awaitBackground();
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(closingLine());
