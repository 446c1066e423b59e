import { promises as fs } from "fs";
import { answersWithin } from "../src/http/probe";

/** Holds the event loop, as a loaded machine or a long synchronous task does. */
function busyFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe("health probes (/healthz, /readyz, Redis ping)", () => {
  it("count an answer that arrived while the event loop was busy past the bound", async () => {
    const answered = answersWithin(() => fs.stat(__filename), 20);
    busyFor(200); // the stat completes meanwhile; the 20 ms timer is due as well
    await expect(answered).resolves.toBe(true);
  });

  it("are down when no answer comes within the bound, and when the check fails or says false", async () => {
    await expect(answersWithin(() => new Promise(() => undefined), 20)).resolves.toBe(false);
    await expect(answersWithin(() => Promise.reject(new Error("refused")), 1000)).resolves.toBe(false);
    await expect(answersWithin(async () => false, 1000)).resolves.toBe(false);
    await expect(answersWithin(async () => undefined, 1000)).resolves.toBe(true);
  });
});
