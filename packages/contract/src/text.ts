/**
 * The one string builder of every text a person or a program sends us. Control characters (NUL,
 * escape, the C1 range, ...) have no place in names, codes or notes: PostgreSQL refuses NUL with an
 * error, and the others hide text from staff. They are refused with the code `control_characters`,
 * at the field's path. Tab, line feed and carriage return are kept where text may span lines
 * (`multiline: true`: addresses, notes, descriptions); in one-line text they are allowed only as the
 * surrounding whitespace that `.trim()` removes.
 */
import { z } from 'zod';

/** Any control character (Unicode category Cc: U+0000–U+001F, U+007F–U+009F). */
export const CONTROL_CHARACTER = /\p{Cc}/u;
/** A control character other than tab, line feed and carriage return. */
export const CONTROL_CHARACTER_MULTILINE = /[^\P{Cc}\t\n\r]/u;

export const CONTROL_CHARACTERS_CODE = 'control_characters';

/** `true` when the text has no control character that `text()` would refuse. */
export function isCleanText(value: string, options: { multiline?: boolean } = {}): boolean {
  return options.multiline ? !CONTROL_CHARACTER_MULTILINE.test(value) : !CONTROL_CHARACTER.test(value.trim());
}

/** `z.string()` that refuses control characters; chain `.trim().min().max()` as usual. */
export function text(options: { multiline?: boolean } = {}) {
  return z.string().refine((v) => isCleanText(v, options), { message: CONTROL_CHARACTERS_CODE, abort: true });
}
