import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { partitionFlags, SERVER_NODE_FLAGS, serverNodeFlags } from './server-node.mjs';

describe("the API server's V8 flags", () => {
  it('are all known to this Node, which starts with them', () => {
    const { flags, unknown } = serverNodeFlags();
    expect(unknown).toEqual([]);
    expect(flags).toEqual([...SERVER_NODE_FLAGS]);
    const run = spawnSync(process.execPath, [...flags, '-e', 'process.stdout.write("up")'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('up');
  });

  it('leave out, and name, a flag the V8 does not know, so the server still starts', () => {
    const options = [
      'Options:',
      '  --memory-reducer (use memory reducer)',
      '        type: bool  default: --memory-reducer',
      '  --max-semi-space-size (max size of a semi-space (in MBytes))',
    ].join('\n');
    expect(partitionFlags(options)).toEqual({
      flags: ['--no-memory-reducer'],
      unknown: ['--heap-growing-percent=100'],
    });
    const refused = spawnSync(process.execPath, ['--no-such-v8-flag-here', '-e', '0'], { encoding: 'utf8' });
    expect(refused.status).not.toBe(0);
  });
});
