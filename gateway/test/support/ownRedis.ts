import { ChildProcess, spawn } from "child_process";
import { connect, createServer, type AddressInfo } from "net";
import { waitFor } from "./timing";

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A redis-server of a test file's own, on its own port, so that it can be stopped mid-test (never the shared one). */
export class OwnRedis {
  private process?: ChildProcess;
  constructor(readonly port: number) {}

  async start() {
    this.process = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    await waitFor("redis-server to start", () => this.pong());
  }

  /** A PING on a plain socket (an ioredis client left behind while connecting keeps a 2 s timer). */
  private pong(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, "127.0.0.1", () => socket.write("PING\r\n"));
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
      socket.once("error", () => done(false));
    });
  }

  async stop() {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  }
}
