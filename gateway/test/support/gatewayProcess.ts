import { ChildProcess, spawn } from "child_process";
import { existsSync, mkdtempSync, rmSync } from "fs";
import { createConnection } from "mysql2/promise";
import { createServer } from "net";
import { tmpdir } from "os";
import path from "path";

const MAIN = path.join(__dirname, "../../dist/main.js");
export const MYSQL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";
export const ADMIN_PASSWORD = "admin-pass-123";

/** One built gateway process (as `npm start` runs it), its port and what it wrote. */
export interface GatewayProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>;
}

/** A port nobody listens on now: the OS picks it, then it is handed to the child. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build -w gateway`);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      CHAIN: "none",
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      PASSWORD_HASH_ROUNDS: "4",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Waits until `path` answers 200, failing with the process's output if it exits or `ms` pass first. Generous: a first
 * start migrates an empty MariaDB database, which took over a minute beside the other lanes of `npm test`.
 */
export async function waitFor(gateway: GatewayProcess, urlPath = "/readyz", ms = 150_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (gateway.child.exitCode !== null) throw new Error(`the gateway exited with ${gateway.child.exitCode}:\n${gateway.output()}`);
    const ok = await fetch(gateway.url + urlPath, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the gateway did not answer ${urlPath} within ${ms} ms:\n${gateway.output()}`);
}

/** A new, empty MariaDB database and a way to drop it. */
export async function freshMysqlDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `presale_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const conn = await createConnection(MYSQL);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  return {
    name,
    url: `${MYSQL}/${name}`,
    async drop() {
      const connection = await createConnection(MYSQL);
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}

/** A private temporary folder, removed by `remove`. */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
