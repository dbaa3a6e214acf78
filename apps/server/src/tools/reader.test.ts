/**
 * The reader simulator (`npm run reader`), run as its own process against this server listening on
 * a port: exit 0 when the scan is accepted, non-zero with the server's error otherwise.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerScans } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let url = '';
let reader: { id: string; sn: string };
let secret = '';

beforeAll(async () => {
  ctx = await createTestContext();
  url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const org = await ctx.newOrganisation();
  const admin = ctx.bearer(await (await org.newUser({ role: 'admin' })).login());
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pro/readers',
    headers: admin,
    payload: { centerId: org.centers[0]!.id, name: 'Front door', sn: 'SIM-READER-1' },
  });
  ({ reader, secret } = res.json());
});
afterAll(() => ctx?.close());

const script = fileURLToPath(new URL('./reader.ts', import.meta.url));

/** Runs the simulator (asynchronously: the server answering it is in this process). */
function simulate(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the reader simulator', () => {
  it('exits 0 when the scan is accepted, and the scan is stored', async () => {
    const r = await simulate(['--url', url, '--sn', reader.sn, '--secret', secret, '--card', '0001234567']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^accepted: card 0001234567 at reader SIM-READER-1/);
    const rows = await ctx.database.db.select().from(readerScans).where(eq(readerScans.readerId, reader.id));
    expect(rows.map((row) => row.card)).toEqual(['0001234567']);
  });

  it('exits non-zero with the server’s error on a wrong secret', async () => {
    const r = await simulate(['--url', url, '--sn', reader.sn, '--secret', 'wrong', '--card', '0001234567']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused: 401 reader_unauthenticated/);
  });

  it('repeats at a rate with a new scan id each time, and prints the counts and latency', async () => {
    const before = await ctx.database.db.select().from(readerScans).where(eq(readerScans.readerId, reader.id));
    const r = await simulate([
      ...['--url', url, '--sn', reader.sn, '--secret', secret, '--card', '0007654321'],
      ...['--repeat', '5', '--rate', '50'],
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/sent 5 scans .*accepted 5, refused 0; latency p50 [\d.]+ ms, p99 [\d.]+ ms/);
    const after = await ctx.database.db.select().from(readerScans).where(eq(readerScans.readerId, reader.id));
    expect(after.length - before.length).toBe(5);
    expect(new Set(after.map((row) => row.scanId)).size).toBe(after.length);
  });

  it('exits 2 on missing arguments', async () => {
    const r = await simulate(['--url', url, '--sn', reader.sn]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: npm run reader/);
  });
});
