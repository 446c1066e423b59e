/**
 * Renderings of the app are unstyled unless a test asks (renderApp's `styled`): the rules are emotion's, not the
 * product's behaviour, and with them in the document a screen test took a third longer (resources/content.test.tsx 28 s → 19 s).
 *
 * Each styled rendering of the app (test/support/render.tsx) styles itself anew, in style sheets removed after its test, as a
 * fresh page would. Why: jsdom's getComputedStyle (behind every getByRole and user-event click) matches the element
 * against every rule in the document, so with one emotion cache for a whole file each test was slower than the one
 * before (the file of 26 sorted lists took 54–88 s instead of 23 s).
 */
export const STYLES = "test";

/** Removes the style sheets of the test's renderings. */
export function dropStyles() {
  document.head.querySelectorAll(`style[data-emotion="${STYLES}"], style[data-emotion="${STYLES}-global"]`).forEach((tag) => tag.remove());
}
