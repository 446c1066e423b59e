import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/database";

const mode = (p: string) => statSync(p).mode & 0o777;

/** The SQLite file holds the password hashes and DATA_DIR the JWT secret: both are private. */
describe("files on disk", () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(tmpdir(), "presale-modes-"))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("creates DATA_DIR 0700 and the JWT secret 0600", () => {
    const dataDir = path.join(root, "fresh", "data");
    loadConfig({ DATA_DIR: dataDir, CHAIN: "none" });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "jwt-secret"))).toBe(0o600);
  });

  it("creates the SQLite database and its WAL and SHM files 0600, and tightens an existing file", async () => {
    const file = path.join(root, "db", "presale.sqlite");
    const ds = await openDatabase({ type: "sqlite", file });
    try {
      await ds.query("CREATE TABLE probe (x INTEGER)");
      await ds.query("INSERT INTO probe VALUES (1)");
      expect(mode(path.dirname(file))).toBe(0o700);
      for (const dataFile of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(dataFile)).toBe(true);
        expect([dataFile, mode(dataFile)]).toEqual([dataFile, 0o600]);
      }
    } finally {
      await ds.destroy();
    }
    chmodSync(file, 0o644);
    const again = await openDatabase({ type: "sqlite", file });
    await again.destroy();
    expect(mode(file)).toBe(0o600);
  });
});
