import { AppError } from '../../lib/errors.ts';
import { hasContent, sanitizeRichText } from './sanitize.ts';

/** The news text as stored: sanitised, and not empty once sanitised (422 naming `body`). */
export function newsBody(html: string): string {
  const clean = sanitizeRichText(html);
  if (!hasContent(clean)) {
    throw new AppError(422, 'validation_failed', 'Write the news text', [
      { path: 'body', code: 'too_small', message: 'Write the news text' },
    ]);
  }
  return clean;
}
