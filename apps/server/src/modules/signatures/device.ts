/**
 * The device a signature was made on, as the audit page names it, read from the browser's user
 * agent: the browser and its major version, and the system. A small reader of the usual forms; what
 * it does not know it calls by the user agent's first word.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Chrome (headless)'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/iPad.*OS (\d+)/, (m) => `iPadOS ${m[1]}`],
  [/iPhone OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/Windows NT 10/, () => 'Windows 10/11'],
  [/Windows NT ([\d.]+)/, (m) => `Windows NT ${m[1]}`],
  [/Mac OS X (\d+)[_.](\d+)/, (m) => `macOS ${m[1]}.${m[2]}`],
  [/CrOS/, () => 'ChromeOS'],
  [/Linux/, () => 'Linux'],
];

export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'unknown';
  let browser = userAgent.split(/[\s/]/)[0] || 'unknown';
  for (const [re, name] of BROWSERS) {
    const m = userAgent.match(re);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = SYSTEMS.map(([re, name]) => {
    const m = userAgent.match(re);
    return m ? name(m) : null;
  }).find((s) => s !== null);
  const kind = /iPad|Tablet/.test(userAgent)
    ? 'tablet'
    : /Mobile|iPhone/.test(userAgent)
      ? 'phone'
      : /Android/.test(userAgent)
        ? 'tablet'
        : 'computer';
  return system ? `${browser} on ${system} (${kind})` : `${browser} (${kind})`;
}
