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

      const started = Date.now();
      const waiter = withStartupLock(ds, config.database, 1000, async () => "second");
      await expect(waiter).rejects.toThrow(StartupLockError);
      await expect(waiter).rejects.toThrow(/kept the start-up lock .* for more than 1 s; raise STARTUP_LOCK_TIMEOUT_S/);
      expect(Date.now() - started).toBeLessThan(4000);

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
