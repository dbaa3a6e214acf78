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
