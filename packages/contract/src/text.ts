/**
 * The one string builder of every text a person or a program sends us. Control characters (NUL,
 * escape, the C1 range, ...) have no place in names, codes or notes: PostgreSQL refuses NUL with an
 * error, and the others hide text from staff. They are refused with the code `control_characters`,
 * at the field's path. Tab, line feed and carriage return are kept where text may span lines
 * (`multiline: true`: addresses, notes, descriptions); in one-line text they are allowed only as the
 * surrounding whitespace that `.trim()` removes.
 *
 * Two more ways a text hides what it says are refused wherever text() is used (names of members,
 * staff, guardians and contacts, public registration, the member import, and every other text):
 * - the bidirectional overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069), which
 *   turn "evil\u202Efdp.exe" into "evilexe.pdf" on screen and spoof lists: invisible control
 *   characters too (`control_characters`), in one-line and multi-line text alike;
 * - a text with no visible character at all, e.g. a zero-width space as the whole first name
 *   (`no_visible_characters`): what `.trim()` removes (whitespace) is left to `.min(1)`, as before.
 * The marks and joiners that real names use (U+200C/U+200D, U+200E/U+200F, combining accents) stay
 * allowed beside visible letters.
 */
import { z } from 'zod';

/**
 * Any control character (Unicode category Cc: U+0000–U+001F, U+007F–U+009F), or a bidirectional
 * override, embedding or isolate (U+202A–U+202E, U+2066–U+2069), which reorders the text around it
 * on screen ("evil\u202Efdp.exe" shows as "evilexe.pdf").
 */
export const CONTROL_CHARACTER = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** A control character other than tab, line feed and carriage return. */
export const CONTROL_CHARACTER_MULTILINE = /[^\P{Cc}\t\n\r]|[\u202A-\u202E\u2066-\u2069]/u;

export const CONTROL_CHARACTERS_CODE = 'control_characters';
export const NO_VISIBLE_CHARACTERS_CODE = 'no_visible_characters';

/** Letters, digits, punctuation and symbols: what prints as something. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Letters and symbols that print as blank (Hangul fillers, the blank Braille pattern). */
const BLANK_LOOKALIKES = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** `true` when the text has no control character that `text()` would refuse. */
export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  return options.multiline ? !CONTROL_CHARACTER_MULTILINE.test(value) : !CONTROL_CHARACTER.test(value.trim());
}

/** `true` when a text that is more than whitespace shows at least one character. */
export function hasVisibleCharacter(value: string): boolean {
  return value.trim() === '' || VISIBLE.test(value.replace(BLANK_LOOKALIKES, ''));
}

/**
 * `z.string()` that refuses control characters (direction overrides among them) and text with
 * nothing visible; chain `.trim().min().max()` as usual.
 */
export function text(options: { multiline?: boolean } = {}) {
  return z.string().superRefine((v, ctx) => {
    const message = !isCleanText(v, options)
      ? CONTROL_CHARACTERS_CODE
      : hasVisibleCharacter(v)
        ? ''
        : NO_VISIBLE_CHARACTERS_CODE;
    if (message) ctx.addIssue({ code: 'custom', message, continue: false });
  });
}
