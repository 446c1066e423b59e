// What both benches share: where the built gateway is (built first when missing), the bench admin, and
// starting the gateway as a process of its own on a free port, so that its memory is its own.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const MYSQL_URL = process.env.MYSQL_URL ?? "mysql://root@127.0.0.1:3306";
export const ADMIN = { email: "bench@example.com", password: "bench-pass-123" };
const MAIN = path.join(root, "gateway/dist/main.js");

if (!existsSync(MAIN)) {
  for (const workspace of ["abis", "db", "gateway"]) spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));
export const freePort = () =>
  new Promise((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The built gateway on `env` (no chain, quiet logs, production), signed in as the bench admin; waits up to 60 s for it. */
export async function startGateway(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      CHAIN: "none",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries++) {
    if (
      await fetch(`${base}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await (
    await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) })
  ).json();
  return {
    base,
    token: login.token,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))[1]) / 1024,
    stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))),
  };
}

const require = createRequire(import.meta.url);
/** An optional dev dependency: undefined when it is not installed. */
export const optional = async (name) => {
  try {
    return await import(require.resolve(name));
  } catch {
    return undefined;
  }
};
