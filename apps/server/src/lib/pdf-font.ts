/**
 * The font for text that the PDF standard fonts cannot encode (Chinese labels, a member's Chinese
 * name): a TrueType font with CJK glyphs found on the machine at run time, read once per process.
 *
 * Looked for in this order: the paths of Debian's `fonts-droid-fallback` (the one the test setup
 * installs), `fonts-arphic-bsmi00lp` and `fonts-arphic-uming`'s single-file variants, then whatever
 * `fc-list :lang=zh-tw` names. Only single `.ttf` files are used: a `.ttc` collection cannot be
 * embedded as it is, and subsetting CFF-based `.otf` fonts draws wrong glyphs.
 *
 * With none found, the PDF is still made: characters the standard font cannot encode print as `?`
 * (see `modules/sales/invoice-pdf.ts`), and the server logs the missing font once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export const CJK_FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
  '/usr/share/fonts/truetype/arphic-bsmi00lp/bsmi00lp.ttf',
  '/usr/share/fonts/truetype/arphic-bkai00mp/bkai00mp.ttf',
];

/** The Debian package the tests install for it. */
export const CJK_FONT_PACKAGE = 'fonts-droid-fallback';

let cached: { path: string | null; bytes: Uint8Array | null } | undefined;

function fromFontconfig(): string | null {
  try {
    const out = execFileSync('fc-list', [':lang=zh-tw', 'file'], { timeout: 3000, encoding: 'utf8' });
    const files = out
      .split('\n')
      .map((l) => l.trim().replace(/:$/, ''))
      .filter((f) => /\.ttf$/i.test(f));
    return files.sort()[0] ?? null;
  } catch {
    return null;
  }
}

export function findCjkFontPath(): string | null {
  return CJK_FONT_CANDIDATES.find((p) => existsSync(p)) ?? fromFontconfig();
}

/** The font's bytes, or null when the machine has none (read once per process). */
export function cjkFontBytes(): Uint8Array | null {
  if (!cached) {
    const path = findCjkFontPath();
    cached = { path, bytes: path ? new Uint8Array(readFileSync(path)) : null };
  }
  return cached.bytes;
}
