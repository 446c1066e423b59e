import { mkdtempSync, readFileSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { ConfigError, loadConfig } from "../src/config";

describe("configuration", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "presale-config-"));

  it("has working defaults: port 4000, SQLite under DATA_DIR, 12h tokens, approval, 5 MB", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(4000);
    expect(config.database).toEqual({ type: "sqlite", file: path.join(dir, "presale.sqlite") });
    expect(config.jwtTtl).toBe("12h");
    expect(config.registration).toBe("approval");
    expect(config.maxUploadBytes).toBe(5 * 1024 * 1024);
    expect(config.admin).toEqual({ name: "admin", email: "admin@example.com", password: undefined });
    expect(config.imagesDir).toBe(path.join(dir, "images"));
  });

  it("generates a JWT secret once and keeps it under DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it("reads a MySQL URL", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://u:p@db:3306/presale" });
    expect(config.database).toEqual({ type: "mysql", url: "mysql://u:p@db:3306/presale" });
  });

  it("reports every bad value at once, each with what it expects", () => {
    let message = "";
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: "http",
        DATABASE_URL: "postgres://u:secretpw@x/y",
        JWT_TTL: "forever",
        REGISTRATION: "sometimes",
        MAX_UPLOAD_MB: "-1",
        ADMIN_EMAIL: "nobody",
        ADMIN_PASSWORD: "short",
        JWT_SECRET: "tiny",
      });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const key of ["PORT", "DATABASE_URL", "JWT_TTL", "REGISTRATION", "MAX_UPLOAD_MB", "ADMIN_EMAIL", "ADMIN_PASSWORD", "JWT_SECRET"]) {
      expect(message).toContain(key);
    }
    expect(message).not.toContain("secretpw");
  });

  it("takes Redis with a key prefix (presale: by default), and refuses a prefix with spaces", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).redis).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: "redis://cache:6379" }).redis).toEqual({
      url: "redis://cache:6379",
      prefix: "presale:",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_URL: "redis://cache:6379", REDIS_PREFIX: "two words" })).toThrow(
      /REDIS_PREFIX must be 1 to 100 visible ASCII characters/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_URL: "http://cache" })).toThrow(/REDIS_URL must start with redis:\/\//);
  });
});
