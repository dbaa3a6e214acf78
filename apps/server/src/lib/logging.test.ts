import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logLines } from '../test/log-lines.ts';
import { serverLogger } from './logging.ts';
import { loggerOptions as outputOptions } from './request-log.ts';

/** A server's logger as `app.ts` builds it (JSON lines), writing into `lines`. */
function lineLogger() {
  const { lines, stream } = logLines();
  const app = Fastify({ loggerInstance: serverLogger(outputOptions('info', false, stream), 'info') });
  return { log: app.log, lines };
}

describe('the server log', () => {
  it('carries no credential and no personal field, at the top level or nested two levels down', () => {
    const { log, lines } = lineLogger();
    log.info(
      {
        password: 'hunter2-top',
        user: { email: 'mary.wong@example.hk', token: 'tok-nested' },
        sale: { member: { phone: '+852 9876 5432', firstName: 'Mary' }, totalMinor: 50_000 },
        headers: { authorization: 'Bearer abc.def', cookie: 'sid=1' },
        call: { headers: { 'x-reader-secret': 'rs-1' } },
        answer: { headers: { 'set-cookie': 'sid=2' }, status: 200 },
      },
      'something happened',
    );
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    for (const secret of [
      'hunter2-top',
      'mary.wong@example.hk',
      'tok-nested',
      '9876',
      'Mary',
      'abc.def',
      'sid=1',
      'rs-1',
      'sid=2',
    ])
      expect(line).not.toContain(secret);
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({
      msg: 'something happened',
      password: '[redacted]',
      user: { email: '[redacted]', token: '[redacted]' },
      sale: { member: { phone: '[redacted]', firstName: '[redacted]' }, totalMinor: 50_000 },
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      call: { headers: { 'x-reader-secret': '[redacted]' } },
      answer: { headers: { 'set-cookie': '[redacted]' }, status: 200 },
    });
  });

  it("redacts a child logger's bindings (a request's), and leaves the objects logged as they were", () => {
    const { log, lines } = lineLogger();
    const member = { id: 'm-1', email: 'chan.tai.man@example.hk', phone: '+852 6123 4567' };
    const headers = { Authorization: 'Bearer xyz.123', accept: 'application/json' };
    log.child({ reqId: 'req-7', member }).info({ call: { headers }, status: 200 }, 'answered');
    const line = lines[0]!;
    for (const secret of ['chan.tai.man', '6123', 'xyz.123']) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      reqId: 'req-7',
      member: { id: 'm-1', email: '[redacted]', phone: '[redacted]' },
      call: { headers: { Authorization: '[redacted]', accept: 'application/json' } },
      status: 200,
    });
    // The caller's objects still hold their values: the log redacts copies.
    expect(member.email).toBe('chan.tai.man@example.hk');
    expect(headers.Authorization).toBe('Bearer xyz.123');
  });

  it('keeps what is deeper than it redacts, and lines with nothing to redact, as they are', () => {
    const { log, lines } = lineLogger();
    log.info({ a: { b: { c: { email: 'deep@example.hk' } } }, list: [{ phone: '+852 9000 0001' }], n: 3 }, 'shapes');
    const entry = JSON.parse(lines[0]!);
    // Three levels down is beyond the redaction's depth (as pino's paths were), an array's items are within it.
    expect(entry.a.b.c.email).toBe('deep@example.hk');
    expect(entry.list).toEqual([{ phone: '[redacted]' }]);
    expect(entry.n).toBe(3);
  });

  it('shows a failed query by its SQL and code, never the values it was run with', () => {
    const { log, lines } = lineLogger();
    const err = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: mary.wong@example.hk'),
      {
        code: '23505',
        params: ['mary.wong@example.hk'],
        detail: 'Key (email)=(mary.wong@example.hk) already exists.',
      },
    );
    log.error({ err }, 'command failed');
    const line = lines[0]!;
    expect(line).not.toContain('mary.wong');
    expect(JSON.parse(line).err).toMatchObject({
      message: 'Failed query: insert into users (email) values ($1)',
      code: '23505',
      values: '[hidden]',
    });
  });
});
