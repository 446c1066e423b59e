import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { File as NodeFile } from "node:buffer";
import { setupServer } from "msw/node";
import { setChangeSource } from "../src/live/changeStream";
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
configure({ asyncUtilTimeout: 30000 });

// The live screens' change stream tells nothing unless a test fakes one (test/liveStream.ts).
setChangeSource(() => () => undefined);

export const gateway = new FakeGateway();
export const server = setupServer(...gateway.handlers());

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  gateway.reset();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
  dropStyles();
});
afterAll(() => server.close());
