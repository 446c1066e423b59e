import { Worker } from "worker_threads";
import { answersWithin } from "../../src/http/probe";

/**
 * A check answered by another thread (as the database's socket or the image folder's thread answers) while this one
 * is busy: the answer is waiting in the event loop when the timer falls due.
 */
async function answerWhileBusy(boundMs: number) {
  const flags = new Int32Array(new SharedArrayBuffer(8)); // [0]: go, [1]: answered
  const worker = new Worker(
    `const { parentPort, workerData: flags } = require("worker_threads");
     Atomics.wait(flags, 0, 0);
     parentPort.postMessage("up");
     Atomics.store(flags, 1, 1);
     Atomics.notify(flags, 1);`,
    { eval: true, workerData: flags },
  );
  await new Promise((resolve) => worker.once("online", resolve));
  // Out of the worker port's delivery (which would hand over a message posted meanwhile at once), into the loop's turn.
  await new Promise((resolve) => setImmediate(resolve));
  const started = Date.now();
  const answered = answersWithin(() => new Promise((resolve) => worker.once("message", resolve)), boundMs);
  Atomics.store(flags, 0, 1);
  Atomics.notify(flags, 0);
  try {
    // Busy (blocked) until the answer is posted and the bound has passed, whatever the machine's load (the ceiling only
    // catches a worker that never posts).
    if (Atomics.wait(flags, 1, 0, 30_000) === "timed-out") throw new Error("waited 30 s for the other thread to post its answer");
    while (Date.now() - started < boundMs * 3);
    return await answered;
  } finally {
    await worker.terminate();
  }
}

describe("health probes (/healthz, /readyz, Redis ping)", () => {
  it("count an answer that arrived while the event loop was busy past the bound", async () => {
    await expect(answerWhileBusy(20)).resolves.toBe(true);
  });

  it("are down when no answer comes within the bound, and when the check fails or says false", async () => {
    await expect(answersWithin(() => new Promise(() => undefined), 20)).resolves.toBe(false);
    await expect(answersWithin(() => Promise.reject(new Error("refused")), 1000)).resolves.toBe(false);
    await expect(answersWithin(async () => false, 1000)).resolves.toBe(false);
    await expect(answersWithin(async () => undefined, 1000)).resolves.toBe(true);
  });
});
