import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { logLines } from '../test/log-lines.ts';
import { loggerOptions, prettyLogs, registerRequestLog, requestLogController } from './request-log.ts';

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
process.on('warning', onWarning);
afterEach(() => {
  warnings.length = 0;
});

describe('request log', () => {
  it('is readable on a terminal and JSON otherwise (LOG_FORMAT overrides)', () => {
    expect(prettyLogs({ isTTY: true })).toBe(true);
    expect(prettyLogs({ isTTY: false })).toBe(false);
    expect(prettyLogs({})).toBe(false);
    expect(prettyLogs({ isTTY: true }, { LOG_FORMAT: 'json' })).toBe(false);
    expect(prettyLogs({ isTTY: false }, { LOG_FORMAT: 'pretty' })).toBe(true);
    expect(loggerOptions('info', false)).toEqual({ level: 'info', stream: process.stdout });
  });

  it('writes one line per request at debug: method, url, status, time, with the request id once', async () => {
    const { lines, stream } = logLines();
    const app = Fastify({ logger: { level: 'debug', stream }, logController: requestLogController() });
    registerRequestLog(app);
    app.get('/ping', async () => ({ ok: true }));
    await app.ready();
    await app.inject({ method: 'GET', url: '/ping?page=1' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    await new Promise((r) => setImmediate(r));
    const raw = lines.filter((l) => l.includes('"msg":"GET '));
    const requests = raw.map((l) => JSON.parse(l) as { msg: string; reqId: string; status: number });
    expect(requests).toHaveLength(2);
    expect(lines.filter((l) => l.includes('incoming request') || l.includes('request completed'))).toEqual([]);
    expect(requests[0]?.msg).toMatch(/^GET \/ping\?page=1 200 \d+\.\d ms$/);
    expect(requests[1]?.msg).toMatch(/^GET \/missing 404 \d+\.\d ms$/);
    expect(requests.map((r) => r.reqId)).toEqual(['req-1', 'req-2']);
    // JSON.parse keeps the last of two equal keys: count them in the text.
    for (const line of raw) expect(line.match(/"reqId":/g)).toHaveLength(1);
    // Fastify 5 deprecates its top-level disableRequestLogging (FSTDEP023): the options in use raise no warning.
    expect(warnings.map((w) => (w as Error & { code?: string }).code ?? w.message)).toEqual([]);
  });

  it.each([
    ['JSON', false],
    ['readable', true],
  ])('%s lines are written when logged, so the start-up banner printed after listen comes last', async (_, pretty) => {
    const { lines, stream } = logLines();
    const app = Fastify({ logger: loggerOptions('info', pretty, stream) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Nothing awaited in between: the line is already out when listen answers.
    const seen = [...lines];
    await app.close();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('Server listening at http://127.0.0.1:');
    // Coloured or not as the environment asks (FORCE_COLOR): the words are what count.
    if (pretty) expect(stripVTControlCharacters(seen[0]!)).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at/);
  });
});
