/** Translations for unit tests: an i18next instance of its own over the namespaces a test names. */
import i18next, { type Resource } from 'i18next';

/** Interpolates as the app does (React escapes, i18next must not); English unless `lng` says. */
export async function testI18n(resources: Resource, options: { lng?: string; fallbackLng?: string | false } = {}) {
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    lng: options.lng ?? 'en',
    fallbackLng: options.fallbackLng ?? 'en',
    interpolation: { escapeValue: false },
  });
  return instance;
}
