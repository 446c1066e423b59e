import { StartupLockError, withStartupLock } from "../src/startupLock";
import { withTestApp } from "./support/testApp";

describe("the start-up lock", () => {
  it("lets one holder in at a time, and tells a waiter past its bound why it gave up", async () => {
    await withTestApp({ admin: false }, async (app) => {
      const { ds, config } = app.services;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const first = withStartupLock(ds, config.database, 5000, async () => {
        entered();
        await held;
        return "first";
      });
      await inside;

      // The first holds the lock until released below: the waiter gives up on its own bound, its work never run. (The
      // ceiling only turns a waiter that waits for ever into a failure that says so.)
      let ran = false;
      const waiter = withStartupLock(ds, config.database, 1000, async () => {
        ran = true;
        return "second";
      });
      let ceiling: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        waiter.then(
          () => undefined,
          (error: unknown) => error,
        ),
        new Promise<"waiting">((resolve) => (ceiling = setTimeout(() => resolve("waiting"), 30_000))),
      ]).finally(() => clearTimeout(ceiling));
      if (gaveUp === "waiting") throw new Error("waited 30 s for the waiter to give up on its 1 s bound while the lock was held");
      expect(gaveUp).toBeInstanceOf(StartupLockError);
      expect(String(gaveUp)).toMatch(/kept the start-up lock .* for more than 1 s; raise STARTUP_LOCK_TIMEOUT_S/);
      expect(ran).toBe(false);

      release();
      expect(await first).toBe("first");
      // Released in finally: the next start gets it at once.
      expect(await withStartupLock(ds, config.database, 1000, async () => "third")).toBe("third");
    });
  });

  it("is released when the work fails", async () => {
    await withTestApp({ admin: false }, async (app) => {
      const { ds, config } = app.services;
      await expect(withStartupLock(ds, config.database, 1000, async () => Promise.reject(new Error("migration failed")))).rejects.toThrow(
        "migration failed",
      );
      expect(await withStartupLock(ds, config.database, 1000, async () => "next")).toBe("next");
    });
  });
});
