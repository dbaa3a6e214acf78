import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  eagerScreens,
  LOGIN_ROUTE_MODULES,
  type Manifest,
  routeBundle,
  staticClosure,
} from '../../scripts/bundle-report.mjs';

const dirs: string[] = [];

function fakeDist(manifest: Manifest, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-report-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const [layoutModule = '', loginModule = ''] = LOGIN_ROUTE_MODULES;

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [layoutModule, loginModule, 'src/features/outbox/OutboxPage.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_antd.js': { file: 'assets/antd.js', imports: ['_react.js'] },
  '_table.js': { file: 'assets/table.js', imports: ['_antd.js'] },
  [layoutModule]: { file: 'assets/FullLayout.js', isDynamicEntry: true, imports: ['index.html', '_antd.js'] },
  [loginModule]: {
    file: 'assets/LoginPage.js',
    isDynamicEntry: true,
    imports: ['_antd.js'],
    css: ['assets/login.css'],
  },
  'src/features/outbox/OutboxPage.tsx': {
    file: 'assets/OutboxPage.js',
    isDynamicEntry: true,
    imports: ['_table.js'],
  },
};

const files = {
  'assets/index.js': 'i'.repeat(1000),
  'assets/react.js': 'r'.repeat(2000),
  'assets/antd.js': 'a'.repeat(3000),
  'assets/table.js': 't'.repeat(4000),
  'assets/FullLayout.js': 'f'.repeat(500),
  'assets/LoginPage.js': 'l'.repeat(700),
  'assets/OutboxPage.js': 'o'.repeat(800),
  'assets/index.css': 'c'.repeat(100),
  'assets/login.css': 'd'.repeat(100),
};

describe('bundle report', () => {
  it('follows static imports only', () => {
    const keys = staticClosure(manifest, ['index.html']);
    expect([...keys].sort()).toEqual(['_react.js', 'index.html']);
  });

  it('counts the entry, the login route chunks and their static imports, not other screens', () => {
    const dist = fakeDist(manifest, files);
    const bundle = routeBundle(dist);
    expect(bundle.js.map((c) => c.file).sort()).toEqual([
      'assets/FullLayout.js',
      'assets/LoginPage.js',
      'assets/antd.js',
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(bundle.jsRaw).toBe(1000 + 2000 + 3000 + 500 + 700);
    expect(bundle.jsGzip).toBeGreaterThan(0);
    expect(bundle.jsGzip).toBeLessThan(bundle.jsRaw);
    expect(bundle.css.map((c) => c.file).sort()).toEqual(['assets/index.css', 'assets/login.css']);
  });

  it('flags a screen that is not its own lazy chunk', () => {
    expect(eagerScreens(manifest)).toEqual([]);
    const eager: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, imports: ['_react.js', 'src/features/outbox/OutboxPage.tsx'] },
    };
    expect(eagerScreens(eager)).toEqual(['src/features/outbox/OutboxPage.tsx']);
  });
});
