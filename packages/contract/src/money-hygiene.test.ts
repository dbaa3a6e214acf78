/// <reference types="node" />
/**
 * No floating-point arithmetic on money. Amounts are integers of minor units and are computed with
 * the helpers of `money.ts`; this test fails on `parseFloat` (also `Number.parseFloat`), `.toFixed(`
 * and `Math.round(` in money code: `money.ts` itself and every source file of the selling, catalogue
 * and expenditure modules and screens and of the shared money components. It reads the code's syntax
 * tree, so a word in a comment or a string does not count.
 *
 * A use that is not about money (a photo's scale, a progress bar) says so on its line or the line
 * before: `// not-money: <why>`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// The compiler's syntax API (the native compiler that type-checks the project ships none).
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Money code: files, and directories scanned whole (those that do not exist yet are skipped). */
const MONEY_FILES = [
  'packages/contract/src/money.ts',
  'packages/contract/src/pricing.ts',
  'apps/web/src/shared/useMoneyFormat.ts',
];
const MONEY_DIRS = [
  'apps/server/src/modules/sales',
  'apps/server/src/modules/catalogue',
  'apps/server/src/modules/expenditures',
  'apps/web/src/features/sales',
  'apps/web/src/features/catalogue',
  'apps/web/src/features/expenditure',
  'apps/web/src/features/expenditures',
  'apps/web/src/features/retail',
];
/** The shared money components: `apps/web/src/shared/ui/Money*` (and their `money*` helpers). */
const MONEY_UI_DIR = 'apps/web/src/shared/ui';

const isSource = (name: string) => /\.(ts|tsx|mts|cts)$/.test(name) && !/\.test\.tsx?$/.test(name);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (isSource(entry.name)) out.push(path);
  }
  return out;
}

export function moneySourceFiles(root = ROOT): string[] {
  const files = MONEY_FILES.map((f) => join(root, f)).filter((f) => existsSync(f));
  for (const dir of MONEY_DIRS.map((d) => join(root, d))) {
    if (existsSync(dir) && statSync(dir).isDirectory()) files.push(...filesUnder(dir));
  }
  const ui = join(root, MONEY_UI_DIR);
  if (existsSync(ui)) {
    for (const name of readdirSync(ui)) if (/^money/i.test(name) && isSource(name)) files.push(join(ui, name));
  }
  return [...new Set(files)].sort();
}

export interface FloatUse {
  line: number;
  what: 'parseFloat' | 'toFixed' | 'Math.round';
  code: string;
}

/** Every floating-point use on money in a source text: `parseFloat` however reached, `.toFixed(`, `Math.round(`. */
export function floatMoneyUses(source: string, fileName = 'money.ts'): FloatUse[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const lines = source.split('\n');
  const uses: FloatUse[] = [];
  const found = (node: ts.Node, what: FloatUse['what']) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    const excused = [lines[line], lines[line - 1]].some((l) => l !== undefined && /\/\/\s*not-money:\s*\S/.test(l));
    if (!excused) uses.push({ line: line + 1, what, code: (lines[line] ?? '').trim() });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'parseFloat') found(node, 'parseFloat');
    if (ts.isStringLiteral(node) && node.text === 'parseFloat' && ts.isElementAccessExpression(node.parent)) {
      found(node, 'parseFloat'); // Number['parseFloat']
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)
          ? callee.argumentExpression.text
          : undefined;
      if (name === 'toFixed') found(node, 'toFixed');
      if (
        name === 'round' &&
        (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'Math'
      ) {
        found(node, 'Math.round');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return uses;
}

describe('money hygiene: no floats on money', () => {
  it('finds the float uses in a fixture', () => {
    const fixture = [
      'const price = parseFloat(input);', // 1
      'const again = Number.parseFloat(input);', // 2
      "const label = (cents / 100).toFixed(2) + ' R$';", // 3
      'const rounded = Math.round(price * 100);', // 4
      "const parts = ['1.5', '2'].map(parseFloat);", // 5
      "const odd = Number['parseFloat'](input) + Math['round'](x) + y['toFixed'](2);", // 6
      '// parseFloat in a comment, Math.round( too: not code', // 7
      "const text = 'do not use parseFloat or .toFixed( here';", // 8
      'const fine = Math.trunc(total / count) + Math.abs(x) + o.toFixedPoint;', // 9
      'const ratio = Math.round(width * scale); // not-money: a photo is scaled', // 10
    ].join('\n');
    expect(floatMoneyUses(fixture).map((u) => `${u.line}:${u.what}`)).toEqual([
      '1:parseFloat',
      '2:parseFloat',
      '3:toFixed',
      '4:Math.round',
      '5:parseFloat',
      '6:parseFloat',
      '6:Math.round',
      '6:toFixed',
    ]);
  });

  it('reads TSX too', () => {
    const fixture = 'export const Price = ({ v }: { v: number }) => <span>{(v / 100).toFixed(2)}</span>;';
    expect(floatMoneyUses(fixture, 'Price.tsx').map((u) => u.what)).toEqual(['toFixed']);
  });

  it('scans money.ts and the money components, not test files', () => {
    const files = moneySourceFiles().map((f) => relative(ROOT, f));
    expect(files).toEqual(
      expect.arrayContaining([
        'packages/contract/src/money.ts',
        'apps/web/src/shared/useMoneyFormat.ts',
        'apps/web/src/shared/ui/MoneyInput.tsx',
        'apps/web/src/shared/ui/MoneyText.tsx',
        'apps/web/src/shared/ui/moneyMask.ts',
      ]),
    );
    expect(files.filter((f) => /\.test\.tsx?$/.test(f))).toEqual([]);
    expect(files.every((f) => existsSync(join(ROOT, f)))).toBe(true);
  });

  // Parses every money source file: more than the default 5 s on a busy machine.
  it('money code has no parseFloat, toFixed or Math.round', () => {
    const offences = moneySourceFiles().flatMap((path) =>
      floatMoneyUses(readFileSync(path, 'utf8'), basename(path)).map(
        (u) => `${relative(ROOT, path)}:${u.line} ${u.what}: ${u.code}`,
      ),
    );
    expect(offences, 'use the integer helpers of @gym/contract/money (formatMoney, parseMoney, percent, ...)').toEqual(
      [],
    );
  }, 60_000);
});
