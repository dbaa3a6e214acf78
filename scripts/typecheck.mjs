// `npm run typecheck`: every TypeScript project checked with its own tsconfig. The projects are
// independent programs, so they run side by side (one per core); each one's output is shown whole,
// in the order below, and the exit code is non-zero when any of them fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules/typescript/bin/tsc');
// Longest first, so that the last one to start is a short one. The server, the bench and the
// contract share one program (tsconfig.node.json: the server's files are checked once, not again
// for the bench that imports them); each package's own tsconfig stays for editors.
const projects = ['apps/web', 'tsconfig.node.json', 'e2e'];
const lanes = Math.max(1, Math.min(projects.length, availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code, signal) =>
      resolve({ project, code: code ?? (signal ? 1 : 0), out, ms: Date.now() - started }),
    );
  });
}

const results = new Map();
let next = 0;
async function lane() {
  while (next < projects.length) {
    const project = projects[next++];
    results.set(project, await check(project));
  }
}
await Promise.all(Array.from({ length: lanes }, lane));

let failed = 0;
for (const project of projects) {
  const r = results.get(project);
  if (r.out) process.stdout.write(r.out);
  if (r.code !== 0) {
    failed += 1;
    console.error(`tsc -p ${project} failed`);
  } else if (process.env.TYPECHECK_TIMES) {
    console.log(`tsc -p ${project}: ${(r.ms / 1000).toFixed(1)} s`);
  }
}
process.exit(failed ? 1 : 0);
