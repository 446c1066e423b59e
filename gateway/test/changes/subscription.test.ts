import type { AuthUser } from "../../src/auth/tokens";
import type { Change, ChangeFeed } from "../../src/changes/feed";
import { changeStream } from "../../src/changes/subscription";
import { grantable } from "../../src/auth/roles";
import { grantables } from "../../src/grantables";

// The roles know the resources once the services are assembled; this test builds no services.
beforeAll(() => grantable(grantables));

const admin: AuthUser = { id: 1, name: "admin", email: "admin@example.com", role: "admin" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A feed that counts its listeners (of changes and of losses), can tell them a change, and can lose some. */
function countingFeed() {
  const listeners = new Set<(change: Change) => void>();
  const losses = new Set<() => void>();
  const feed = {
    listen(listener: (change: Change) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onLoss(listener: () => void) {
      losses.add(listener);
      return () => losses.delete(listener);
    },
  } as unknown as ChangeFeed;
  const tell = (change: Partial<Change>) =>
    listeners.forEach((listener) => listener({ resource: "News", id: "1", op: "update", ...change } as Change));
  const lose = () => [...losses].forEach((listener) => listener());
  return { feed, listeners, losses, tell, lose };
}

describe("a subscriber's stream of changes", () => {
  it("gives the changes in order, then ends at once when its client leaves while it waits: no listener, no recheck left", async () => {
    const { feed, listeners, tell } = countingFeed();
    let rechecks = 0;
    const stream = changeStream({ feed, user: admin, recheck: async () => (rechecks++, admin), recheckMs: 20 });
    tell({ id: "1" });
    tell({ id: "2" });
    expect((await stream.next()).value).toMatchObject({ id: "1" });
    expect((await stream.next()).value).toMatchObject({ id: "2" });

    const waiting = stream.next();
    await sleep(60);
    expect(rechecks).toBeGreaterThan(0);
    await expect(stream.return!()).resolves.toEqual({ done: true, value: undefined });
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
    expect(listeners.size).toBe(0);
    const after = rechecks;
    await sleep(80);
    expect(rechecks).toBe(after);
    await expect(stream.next()).resolves.toEqual({ done: true, value: undefined });
  });

  it("ends once the feed may have lost changes (Redis cut), and says so once", async () => {
    const { feed, listeners, losses, tell, lose } = countingFeed();
    let lost = 0;
    const stream = changeStream({ feed, user: admin, recheck: async () => admin, recheckMs: 60_000, lost: () => lost++ });
    tell({ id: "1" });
    expect((await stream.next()).value).toMatchObject({ id: "1" });
    const waiting = stream.next();
    lose();
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
    tell({ id: "2" });
    lose();
    // What was queued before a loss is not handed over either: the client reconnects and re-reads instead.
    await expect(stream.next()).resolves.toEqual({ done: true, value: undefined });
    expect([lost, listeners.size, losses.size]).toEqual([1, 0, 0]);
  });

  it("ends when the recheck finds the session gone, telling nothing more", async () => {
    const { feed, listeners, tell } = countingFeed();
    let session: AuthUser | undefined = admin;
    const stream = changeStream({ feed, user: admin, recheck: async () => session, recheckMs: 20 });
    const waiting = stream.next();
    session = undefined;
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
    tell({ id: "3" });
    await expect(stream.next()).resolves.toEqual({ done: true, value: undefined });
    expect(listeners.size).toBe(0);
  });

  it("hands nothing over while its connection is full: the changes wait, and once more than maxQueued wait it ends and says so", async () => {
    const { feed, listeners, tell } = countingFeed();
    let full = true;
    let makeRoom: () => void = () => undefined;
    const room = () => (full ? new Promise<void>((resolve) => (makeRoom = resolve)) : undefined);
    let behind = 0;
    const stream = changeStream({
      feed,
      user: admin,
      recheck: async () => admin,
      recheckMs: 60_000,
      maxQueued: 3,
      room,
      behind: () => behind++,
    });
    const first = stream.next();
    tell({ id: "1" });
    tell({ id: "2" });
    // Room again: the waiting change is handed over, the others stay queued.
    full = false;
    makeRoom();
    expect((await first).value).toMatchObject({ id: "1" });
    full = true;
    const held = stream.next();
    for (const id of ["3", "4", "5"]) tell({ id });
    expect([behind, listeners.size]).toEqual([1, 0]);
    // Ending wakes the change that waited for room: the stream is over.
    await expect(held).resolves.toEqual({ done: true, value: undefined });
  });
});
