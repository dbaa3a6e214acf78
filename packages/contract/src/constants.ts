/** Constants that are part of the product's contract (SCOPE.md). Keep them exact. */
export const APP_VERSION = '2.9.1.0813';

export const STORAGE_KEYS = {
  skin: 'skin',
  reader: 'reader',
  readerAction: 'reader_action',
  studentId: 'student_id',
  userData: 'userData',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

export const LANGUAGES = ['en', 'de', 'fr', 'pt', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const SKINS = ['light', 'bordered', 'semi-dark'] as const;
export type Skin = (typeof SKINS)[number];
export const DEFAULT_SKIN: Skin = 'light';

export const LAYOUTS = ['vertical', 'horizontal'] as const;
export type LayoutType = (typeof LAYOUTS)[number];
export const DEFAULT_LAYOUT: LayoutType = 'vertical';

export const READER_ACTIONS = ['normal', 'update-member-card', 'staff-check-in'] as const;
export type ReaderAction = (typeof READER_ACTIONS)[number];

export const UI_TIMING = {
  /** General toast, no progress bar. */
  toastMs: 3000,
  /** Entry toast: top-left, progress bar. */
  entryToastMs: 5000,
  scrollTopThresholdPx: 250,
  chunkLoadTimeoutMs: 120_000,
  printWindowTimeoutMs: 1000,
} as const;

/** The spec's marks of an amount (`.` decimal, `,` thousands); its symbol is the organisation's currency's. */
export const MONEY_INPUT_DEFAULTS = { decimal: '.', thousands: ',' } as const;

export const API_PREFIX = '/api/v1';

/**
 * The product's name, set here only: the sign-in page, the sidebar, page titles, e-mails, the API
 * documentation and the start banner use it. On screen it comes through the `common:appName` key
 * (`{{product}}`), where a language with its own established name (Chinese) may write that instead.
 */
export const PRODUCT_NAME = 'Gym Office';
