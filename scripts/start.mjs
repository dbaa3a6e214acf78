// `npm start`: builds the web app when its build is missing or older than its sources, then runs the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { serverNodeFlags } from './lib/server-node.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureWebBuilt();

const { flags, unknown } = serverNodeFlags();
if (unknown.length > 0) console.log(`This Node does not know ${unknown.join(' ')}: the server runs without it.`);
const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', DATA_DIR: join(root, 'data'), ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
