import "@testing-library/jest-dom";
import { configure, getConfig, prettyDOM } from "@testing-library/react";
import { File as NodeFile } from "node:buffer";
import { setupServer } from "msw/node";
import React from "react";
import { setChangeSource } from "../../src/live/changeStream";
import { FakeGateway } from "./fakeGateway";
import { dropStyles } from "./styles";

// jest-fixed-jsdom gives Node's Blob, FormData and fetch; File must match them
// so uploads cross the multipart link as they do in a browser.
Object.defineProperty(globalThis, "File", { value: NodeFile, configurable: true, writable: true });

window.print = jest.fn();
window.scrollTo = jest.fn() as never;
if (!("ResizeObserver" in window)) {
  (window as unknown as Record<string, unknown>).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
document.elementFromPoint = (() => null) as never;

// The admin chunk loads lazily; its first load in a test file takes a moment: under npm test's other lanes, on a fresh
// clone (no transform cache), more than 10 s was seen. A hang still fails, within the 60 s test bound.
configure({ asyncUtilTimeout: 30000, getElementError });

/**
 * Testing Library's own getElementError, but without the document's dump while a wait retries (findBy*, waitFor): each
 * failed try printed the whole document (2–3 % of a screen test's CPU) into an error thrown away at the next try. A wait
 * that times out still adds the dump (its onTimeout calls this outside the retries), and so does a failing getBy*.
 */
function getElementError(message: string | null, container: Element) {
  const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics;
  const dump = retrying ? "" : `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`;
  const error = new Error([message, dump].filter(Boolean).join("\n\n"));
  error.name = "TestingLibraryElementError";
  return error;
}

/**
 * React's development build takes a stack trace (an Error) for every element it creates, its "owner stack", up to 10,000
 * per render: 7–12 % of a screen test's CPU. Only React's console warnings print them (where a component was created);
 * no test reads them. Past 10,000 React stops taking them, as here from the start: a warning still says what is wrong,
 * without the owner's stack.
 */
const reactInternals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, "recentlyCreatedOwnerStacks", { get: () => 10_000, set: () => undefined });

/**
 * `:focus-visible` as browsers match it: on the focused element after a key was pressed (or before any input), and on a
 * focused text field; not after a click or a tap. jsdom matches it on any focused element, so each button a test clicked
 * looked keyboard-focused to MUI: its tooltip opened (positioned again by Popper on each render, through jsdom's
 * getComputedStyle of every ancestor) and its focus ripple pulsed.
 */
let keyboardUsed = true;
document.addEventListener("keydown", () => (keyboardUsed = true), true);
for (const type of ["pointerdown", "mousedown", "touchstart"]) document.addEventListener(type, () => (keyboardUsed = false), true);
const TEXT_FIELD =
  'textarea, [contenteditable]:not([contenteditable="false"]), input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="password"], input[type="tel"], input[type="url"], input[type="number"], input[type="date"], input[type="datetime-local"], input[type="time"]';
const matches = Element.prototype.matches;
Element.prototype.matches = function (this: Element, selectors: string) {
  if (selectors !== ":focus-visible") return matches.call(this, selectors);
  return this.ownerDocument.activeElement === this && (keyboardUsed || matches.call(this, TEXT_FIELD));
};

// The live screens' change stream tells nothing unless a test fakes one (test/support/liveStream.ts).
setChangeSource(() => () => undefined);

export const gateway = new FakeGateway();
export const server = setupServer(...gateway.handlers());

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  keyboardUsed = true;
  gateway.reset();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
  dropStyles();
});
afterAll(() => server.close());
