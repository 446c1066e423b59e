/**
 * What a piece of CSS (a <style> element, a style attribute, a presentation
 * attribute such as fill="url(...)") would fetch. Read the way a browser
 * tokenises it: escapes decoded (`\75 rl(` is `url(`, `@\69mport` is
 * `@import`), whitespace and comments allowed around the argument. Comments
 * can only split tokens, so the text is also read with them left in: what a
 * fake comment (`\/* url(...) *\/`) hides is still seen.
 */
export interface CssReferences {
  /** `@import`, or a function that takes a bare string as an address (image-set, src, ...). */
  fetches: boolean;
  /** Old IE script in CSS (`javascript:` can only run through url(), which `urls` gives). */
  script: boolean;
  /** The argument of every url(...), unquoted. */
  urls: string[];
}

const decodeEscapes = (css: string) =>
  css
    .replace(/\\\r?\n|\\[\r\f]/g, "")
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_, hex: string) => {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
    })
    .replace(/\\([^])/g, "$1");

const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))/gi;
const FETCHING = /@import|(?:^|[^\w-])(?:-webkit-image-set|image-set|image|cross-fade|src)\s*\(/i;

export function cssReferences(css: string): CssReferences {
  const decoded = decodeEscapes(css);
  const readings = [decoded, decoded.replace(/\/\*[^]*?(\*\/|$)/g, "")];
  const urls = readings.flatMap((text) => [...text.matchAll(URL_FUNCTION)].map((m) => (m[1] ?? m[2] ?? m[3]).trim()));
  return {
    fetches: readings.some((text) => FETCHING.test(text)),
    script: readings.some((text) => /expression\s*\(/i.test(text)),
    urls,
  };
}
