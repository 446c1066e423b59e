// Runs the built gateway (gateway/dist/main.js) as `npm start` does, relaying SIGINT and SIGTERM to it, and exits as
// it exits. `node scripts/runGateway.mjs` runs it without start.mjs's build step.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function runGateway() {
  const child = spawn(process.execPath, [path.join(root, "gateway/dist/main.js")], { cwd: root, stdio: "inherit" });
  // A signal sent to this process alone must reach the gateway. One sent to the whole process group (Ctrl-C, a
  // supervisor's `kill -- -pgid`) has reached it already: relaying it makes a repeat, which the gateway ignores while
  // it drains. Relayed once, so that a burst of signals here never becomes a burst there.
  let relayed = false;
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, () => {
      if (relayed) return;
      relayed = true;
      child.kill(signal);
    });
  child.on("exit", (code) => process.exit(code ?? 0));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runGateway();
