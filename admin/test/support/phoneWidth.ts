/** A 390 px screen for MUI's media queries (theme.breakpoints.down("sm") is "max-width:599.95px"). */
export function phoneWidth() {
  window.matchMedia = ((query: string) => ({
    matches: /max-width:\s*599\.95px/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
