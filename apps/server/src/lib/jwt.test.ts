import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJwt } from './jwt.ts';

const key = new TextEncoder().encode('a test signing key of enough length for HS256');
const claims = () => ({ sub: randomUUID(), org: randomUUID(), fam: randomUUID() });

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers the claims of a good token, again from memory, and "expired" once its time has come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const jwt = createJwt(key, 60);
    const who = claims();
    const token = await jwt.sign(who);
    expect(await jwt.verify(token)).toEqual(who);
    expect(await jwt.verify(token)).toEqual(who);
    vi.setSystemTime(new Date('2026-11-27T10:00:59Z'));
    expect(await jwt.verify(token)).toEqual(who);
    vi.setSystemTime(new Date('2026-11-27T10:01:00Z'));
    expect(await jwt.verify(token)).toBe('expired');
    expect(await jwt.verify(token)).toBe('expired');
  });

  it('refuses a token changed after signing or signed with another key, even when a good one is remembered', async () => {
    const jwt = createJwt(key, 60);
    const token = await jwt.sign(claims());
    expect(await jwt.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const other = claims();
    const forgedPayload = Buffer.from(JSON.stringify({ ...other, exp: Math.floor(Date.now() / 1000) + 60 })).toString(
      'base64url',
    );
    expect(await jwt.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await jwt.verify(`${token}x`)).toBeNull();
    const foreign = await createJwt(new TextEncoder().encode('another key, not this server’s, long enough'), 60).sign(
      other,
    );
    expect(await jwt.verify(foreign)).toBeNull();
    expect(await jwt.verify('not.a.token')).toBeNull();
  });
});
