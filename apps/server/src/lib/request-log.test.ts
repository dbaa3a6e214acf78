import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyLogs, registerRequestLog } from './request-log.ts';

describe('request log', () => {
  it('is readable on a terminal and JSON otherwise (LOG_FORMAT overrides)', () => {
    expect(prettyLogs({ isTTY: true })).toBe(true);
    expect(prettyLogs({ isTTY: false })).toBe(false);
    expect(prettyLogs({})).toBe(false);
    expect(prettyLogs({ isTTY: true }, { LOG_FORMAT: 'json' })).toBe(false);
    expect(prettyLogs({ isTTY: false }, { LOG_FORMAT: 'pretty' })).toBe(true);
    expect(loggerOptions('info', true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions('info', false)).toEqual({ level: 'info' });
  });

  it('writes one line per request: method, url, status, time', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, disableRequestLogging: true });
    registerRequestLog(app);
    app.get('/ping', async () => ({ ok: true }));
    await app.ready();
    await app.inject({ method: 'GET', url: '/ping?x=1' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    const requests = lines.map((l) => JSON.parse(l) as { msg: string }).filter((l) => /^GET /.test(l.msg));
    expect(requests).toHaveLength(2);
    expect(lines.filter((l) => l.includes('incoming request'))).toEqual([]);
    expect(requests[0]?.msg).toMatch(/^GET \/ping\?x=1 200 \d+\.\d ms$/);
    expect(requests[1]?.msg).toMatch(/^GET \/missing 404 \d+\.\d ms$/);
  });
});
