/** What the long-label test looks for on a page: texts cut by their box, placeholders wider than their field, words broken inside. */
/**
 * Runs in the page: the texts cut on this screen (inside `scope`), each as a short description.
 * Kept self-contained: it is serialised into the browser.
 */
export function findCuts(scope: string | null): string[] {
  const root = (scope ? document.querySelector(scope) : document.body) ?? document.body;
  const found: string[] = [];
  const shown = (el: Element) => {
    if (el.closest('[aria-hidden="true"], .ant-table-measure-row, .ant-select-selection-search, .sr-only')) {
      return false;
    }
    const style = getComputedStyle(el);
    return style.visibility === 'visible' && el.getClientRects().length > 0;
  };
  const ownText = (el: Element) =>
    [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
  const name = (el: Element) => {
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/)[0] : '';
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
  };

  // 1. Text wider than its box and cut there (not an ellipsis chosen for long values).
  for (const el of root.querySelectorAll('*')) {
    const text = ownText(el);
    if (!text || !shown(el)) continue;
    const style = getComputedStyle(el);
    if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
    if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
    // Whether the box cuts it: it hides overflow, or an ancestor close by does.
    const parent = el.parentElement;
    const clipped = style.overflowX !== 'visible' || (parent !== null && parent.scrollWidth > parent.clientWidth + 1);
    if (!clipped) continue;
    // An ellipsis is fine on a value (a long name, an e-mail), never on what names a thing: a label,
    // a column header, a button, a tab, a placeholder.
    const mustFit = el.closest(
      'label, th, button, .ant-form-item-label, .ant-tabs-tab, .ant-select-selection-placeholder, .ant-select-placeholder',
    );
    if (style.textOverflow === 'ellipsis' && !mustFit) continue;
    found.push(`cut ${name(el)}: "${text.slice(0, 80)}"`);
  }

  // 2. Placeholders wider than their field.
  const canvas = document.createElement('canvas').getContext('2d')!;
  for (const input of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[placeholder], textarea[placeholder]',
  )) {
    if (!input.placeholder || input.value || !shown(input) || input.type === 'hidden') continue;
    if (input.closest('.ant-select')) continue;
    const style = getComputedStyle(input);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const width = canvas.measureText(input.placeholder).width;
    if (width > room + 1)
      found.push(`placeholder cut (${Math.round(width)} > ${Math.round(room)} px): "${input.placeholder}"`);
  }

  // 3. Words of labels, buttons, headers, tabs, tags and menu entries broken inside.
  const labels = root.querySelectorAll(
    'th, label, button, .ant-form-item-label, .ant-tabs-tab, .ant-tag, .ant-menu-title-content, .ant-card-head-title, .ant-drawer-title, .ant-modal-title, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-segmented-item-label, h1, h2, h3, h4',
  );
  for (const el of labels) {
    if (!shown(el)) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S{2,}/g)) {
        // Chinese is written without spaces and breaks between any two characters: no word is broken there.
        if (/[\u3000-\u9fff\uff00-\uffef]/u.test(match[0])) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(`word broken in ${name(el)}: "${match[0]}"`);
      }
    }
  }
  return [...new Set(found)];
}

/**
 * Runs in the page: what makes a screen unfit for the window it is shown in (self-contained, it is
 * serialised into the browser): a page wider than the window; with `fit`, a list wider than its
 * card (its columns do not fit the screen); a list row more than one line high; a table header
 * with nothing to read (no visible text, no aria-label); the label of "who came in last" cut; a
 * navbar on more than one row.
 */
export function findUnfit({ scope, fit }: { scope: string | null; fit: boolean }): string[] {
  const root = (scope ? document.querySelector(scope) : document.body) ?? document.body;
  const found: string[] = [];
  const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible';
  const page = document.documentElement.scrollWidth;
  if (!scope && page > window.innerWidth + 1) found.push(`page ${page} px wide in a ${window.innerWidth} px window`);

  for (const table of root.querySelectorAll('.ant-table-wrapper')) {
    if (!visible(table)) continue;
    const id = table.querySelector('table')?.closest('[data-testid]')?.getAttribute('data-testid') ?? 'table';
    // Headers: visible words or an aria-label (a screen-reader-only title is no header to the eye).
    for (const th of table.querySelectorAll<HTMLElement>('.ant-table-thead th')) {
      if (!visible(th) || th.classList.contains('ant-table-selection-column')) continue;
      const hidden = [...th.querySelectorAll('.sr-only')].map((e) => e.textContent ?? '').join('');
      const text = th.innerText.replace(hidden, '').trim();
      if (!text && !th.getAttribute('aria-label') && !th.querySelector('[aria-label]'))
        found.push(`${id}: a column without a header`);
    }
    if (!table.matches('.list-table') && !table.querySelector('.list-table')) continue;
    const content = table.querySelector('.ant-table-content');
    if (fit && content && content.scrollWidth > content.clientWidth + 1)
      found.push(`${id}: ${content.scrollWidth} px of columns in ${content.clientWidth} px`);
    // One line per row: every text of a cell on the same line.
    for (const row of table.querySelectorAll('.ant-table-tbody > tr.ant-table-row')) {
      const tops: number[] = [];
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top + r.height / 2);
      }
      if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 8) {
        found.push(`${id}: a row on more than one line ("${(row.textContent ?? '').slice(0, 60)}")`);
        break;
      }
    }
  }

  if (!scope) {
    const navbar = document.querySelector('[data-testid="navbar"]');
    if (navbar && visible(navbar)) {
      const tops = [...navbar.children].filter(visible).map((c) => c.getBoundingClientRect());
      const rows = new Set(tops.map((r) => Math.round(r.top + r.height / 2)));
      if (Math.max(...tops.map((r) => r.bottom)) - Math.min(...tops.map((r) => r.top)) > 48 && rows.size > 1)
        found.push(`navbar on ${rows.size} rows`);
    }
    // "Last in:" whole: the words up to the colon inside every box that clips them.
    const last = document.querySelector('[data-testid="center-last-person"]');
    if (last && visible(last)) {
      const walker = document.createTreeWalker(last, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').search(/[:：]/);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, 0);
        range.setEnd(node, at + 1);
        const label = range.getBoundingClientRect();
        for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX === 'visible') continue;
          if (label.right > box.getBoundingClientRect().right + 1)
            found.push(`"${range.toString().trim()}" cut in the navbar`);
          break;
        }
        break;
      }
    }
  }
  return [...new Set(found)];
}
