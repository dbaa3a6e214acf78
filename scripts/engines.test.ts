/**
 * Every package the lock file installs accepts the Node version the README promises: one that does
 * not makes `npm install` and `npm ci` print EBADENGINE warnings, and may not run at all (two
 * dependencies once wanted Node 22 while the README said 20.19; they are pinned in `overrides`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
type Version = [number, number, number];

/** The Node version the README's quick start names ("Node 20.19 or newer"). */
function readmeNode(): Version {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const m = /Node (\d+)\.(\d+)(?:\.(\d+))? or newer/.exec(readme);
  if (!m) throw new Error('the README names no "Node x.y or newer"');
  return [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of a semver range (`>=18`, `^20.19.0`, `10.x`, `>= 0.6`, `*`). */
function meets(v: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?v?(\*|x|X|\d+)(?:\.(\*|x|X|\d+))?(?:\.(\*|x|X|\d+))?(?:-[\w.]+)?$/.exec(comparator);
  if (!m) throw new Error(`a range this check does not read: "${comparator}"`);
  const op = m[1] ?? '';
  const parts = [m[2], m[3], m[4]].map((p) => (p === undefined || /^[*xX]$/.test(p) ? null : Number(p)));
  const given = parts.indexOf(null) === -1 ? 3 : parts.indexOf(null);
  if (given === 0) return true;
  const low = parts.map((p) => p ?? 0) as Version;
  /** The first version past what `given` parts name (`20` → 21.0.0, `20.19` → 20.20.0). */
  const next = (n: number): Version =>
    n === 1 ? [low[0] + 1, 0, 0] : n === 2 ? [low[0], low[1] + 1, 0] : [low[0], low[1], low[2] + 1];
  switch (op) {
    case '>=':
      return compare(v, low) >= 0;
    case '>':
      return compare(v, given < 3 ? next(given) : low) >= (given < 3 ? 0 : 1);
    case '<':
      return compare(v, low) < 0;
    case '<=':
      return given < 3 ? compare(v, next(given)) < 0 : compare(v, low) <= 0;
    case '^': {
      const upTo = low[0] > 0 || given === 1 ? next(1) : low[1] > 0 || given === 2 ? next(2) : next(3);
      return compare(v, low) >= 0 && compare(v, upTo) < 0;
    }
    case '~':
      return compare(v, low) >= 0 && compare(v, next(given === 1 ? 1 : 2)) < 0;
    default:
      return compare(v, low) >= 0 && compare(v, next(given)) < 0;
  }
}

/** Whether `version` is in the semver `range` (the forms package.json `engines` use). */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((set) => {
    const comparators = set
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return comparators.every((c) => meets(version, c));
  });
}

describe('the Node version the README names', () => {
  it('is accepted by the range reader as npm reads it', () => {
    const v: Version = [20, 19, 0];
    for (const range of [
      '>=20.19',
      '>=18',
      '>= 0.6',
      '>=8.x',
      '>= 10.x',
      '^20.19.0 || >=22.12.0',
      '^20.0.0 || ^22.0.0 || >=24.0.0',
      '18 || 20 || >=22',
      '10.* || >= 12.*',
      '>=16 || 14 >=14.17',
      '^8.16.0 || ^10.6.0 || >=11.0.0',
      '*',
    ]) {
      expect(satisfies(v, range), range).toBe(true);
    }
    for (const range of ['>=22', '^22.13.0', '>=20.20', '~20.18.0', '<20', '18 || >=22', '20.18.x']) {
      expect(satisfies(v, range), range).toBe(false);
    }
  });

  it('is accepted by the root package and by every package of the lock file', () => {
    const node = readmeNode();
    const own = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
    expect(satisfies(node, own.engines.node)).toBe(true);
    const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string')
      .filter(([, p]) => !satisfies(node, (p.engines as { node: string }).node))
      .map(
        ([path, p]) =>
          `${path.replace(/^.*node_modules\//, '')}@${p.version} wants node ${(p.engines as { node: string }).node}`,
      );
    expect(refused, `Node ${node.join('.')} from the README`).toEqual([]);
  });
});
