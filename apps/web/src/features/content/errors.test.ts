import { describe, expect, it } from 'vitest';
import de from '../../locales/de/content.json';
import en from '../../locales/en/content.json';
import { ApiError } from '../../shared/api/client';
import { testI18n } from '../../shared/i18n/testI18n';
import { uploadErrorText } from './errors';

describe('uploadErrorText', () => {
  it('says why an upload was refused: not an image, too many pixels, or a body too large (413)', async () => {
    const i18n = await testI18n({ en: { content: en }, de: { content: de } });
    const t = i18n.getFixedT('en');
    const refused = (code: string) =>
      new ApiError({
        status: 422,
        error: 'business_rule',
        message: 'x',
        fields: [{ path: 'content', code, message: 'x' }],
      });
    expect(uploadErrorText(t, refused('not_an_image'))).toBe(en.errors.not_an_image);
    expect(uploadErrorText(t, refused('image_too_large'))).toBe(en.errors.image_too_large);
    // The proxy or the server refuses a huge body before reading it: no field, only the status.
    const huge = new ApiError({ status: 413, error: 'payload_too_large', message: 'The request is too large' });
    expect(uploadErrorText(t, huge)).toBe(en.errors.file_too_large);
    expect(uploadErrorText(i18n.getFixedT('de'), huge)).toBe(de.errors.file_too_large);
  });
});
