/** The card-reader simulator, run as the README runs it (`npm run reader`). */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
export const DEMO_READER = 'DEMO-READER-1';
export const DEMO_READER_SECRET = 'demo-reader-secret';

/** Taps `card` on the demo CWB reader through the simulator: resolves when the server accepted the scan (exit 0). */
export function simulateTap(url: string, card: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = ['run', '--silent', 'reader', '--', '--url', url, '--sn', DEMO_READER];
    const child = spawn('npm', [...args, '--secret', DEMO_READER_SECRET, '--card', card], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`simulator exited ${code}:\n${out}`))));
  });
}
