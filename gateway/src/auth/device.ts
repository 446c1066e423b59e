/**
 * A session's device in plain words ("Chrome on Windows", "Safari on
 * iPhone"), from its user agent: a small table of the browsers and systems
 * people sign in with; anything else is named by its first product token.
 */

/** Browsers, most specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bSafari\//, "Safari"],
  [/\bcurl\//i, "curl"],
  [/\bPostmanRuntime\//, "Postman"],
  [/\b(node-fetch|undici|axios|node)\b/i, "Node.js"],
  [/\bpython-requests\//i, "Python"],
];

/** Systems, most specific first (an iPhone also says "like Mac OS X"; Android also says Linux). */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

/** The device of a user agent in plain words; null when none was recorded. */
export function deviceOf(userAgent: string | null | undefined): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  // Anything else: its first product token ("okhttp/4.9" → "okhttp").
  return text.split(/[\s/;(]/)[0].slice(0, 40) || null;
}
