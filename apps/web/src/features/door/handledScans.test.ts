import { describe, expect, it } from 'vitest';
import { claimScan } from './handledScans';

describe('handled scans', () => {
  it('claims a scan id once: a replayed or repeated scan is not acted on again', async () => {
    expect(await claimScan('scan-000001')).toBe(true);
    expect(await claimScan('scan-000001')).toBe(false);
    expect(await claimScan('scan-000002')).toBe(true);
  });

  it('two claims racing for one scan: exactly one wins', async () => {
    const results = await Promise.all([claimScan('scan-race-1'), claimScan('scan-race-1')]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
