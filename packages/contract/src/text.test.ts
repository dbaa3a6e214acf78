import { describe, expect, it } from 'vitest';
import { text } from './text.ts';

const name = text().trim().min(1).max(80);
const note = text({ multiline: true }).trim().max(2000).nullish();
const codeOf = (schema: typeof name | typeof note, value: string) => {
  const res = schema.safeParse(value);
  if (res.success) return 'ok';
  const issue = res.error.issues[0]!;
  return issue.code === 'custom' ? issue.message : issue.code;
};

describe('text that hides or reorders itself', () => {
  it('refuses the bidirectional overrides, embeddings and isolates anywhere in a text', () => {
    for (const control of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(codeOf(name, control), codePoints(control)).toBe('control_characters');
      expect(codeOf(name, `evil${control}gpj.exe`), codePoints(control)).toBe('control_characters');
      expect(codeOf(note, `line one\n${control}line two`), codePoints(control)).toBe('control_characters');
    }
  });

  it('refuses a text with no visible character (zero-width, joiners, fillers, marks alone)', () => {
    for (const invisible of [
      '\u200b',
      '\u200b\u200b',
      ' \u200c ',
      '\u200d',
      '\u2060',
      '\u00ad',
      '\u3164',
      '\u115f',
      '\u2800',
      '\u0301',
      '\u200e',
    ]) {
      expect(codeOf(name, invisible), codePoints(invisible)).toBe('no_visible_characters');
      expect(codeOf(note, invisible), codePoints(invisible)).toBe('no_visible_characters');
    }
    // Whitespace alone is still what `.min(1)` says of it, and an empty note stays allowed.
    expect(codeOf(name, '   ')).toBe('too_small');
    expect(codeOf(note, '')).toBe('ok');
    expect(codeOf(note, ' \n ')).toBe('ok');
  });

  it('keeps real names in every script, with the joiners and marks they use', () => {
    for (const real of [
      'Chan Tai Man',
      '陳大文',
      'José',
      'Jose\u0301',
      'Zoë-Lou',
      "O'Brien",
      'محمد',
      'שרה',
      'می\u200cخواهم',
      '👩\u200d💻',
      'Ана',
      '-',
    ]) {
      expect(codeOf(name, real), real).toBe('ok');
    }
  });
});

function codePoints(value: string): string {
  return [...value].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
}
