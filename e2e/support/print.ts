import type { Page } from 'playwright-core';

export interface Printed {
  /** The printed frame's address (a blob: URL for a receipt). */
  url: string;
  /** Its document's type: `application/pdf` once the browser's PDF viewer holds it. */
  type: string;
}

/**
 * Watches a page's printing, before it navigates: a headless browser opens no print window, so each
 * window's (and frame's) `print()` records what it would have printed; console messages about the
 * Content-Security-Policy are collected. `printed()` reads the records, `blocked` the messages.
 */
export async function watchPrinting(page: Page): Promise<{ printed: () => Promise<Printed[]>; blocked: string[] }> {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await page.addInitScript(() => {
    window.print = () => {
      const top = window.top as unknown as { printed?: { url: string; type: string }[] };
      top.printed = [...(top.printed ?? []), { url: location.href, type: document.contentType }];
    };
  });
  return {
    printed: () => page.evaluate(() => (window as unknown as { printed?: Printed[] }).printed ?? []),
    blocked,
  };
}
