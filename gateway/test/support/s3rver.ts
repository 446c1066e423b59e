import { mkdtempSync, rmSync } from "fs";
import type { Server } from "http";
import type { AddressInfo } from "net";
import { tmpdir } from "os";
import path from "path";

// s3rver ships no types; what is used of it is typed here.
const S3rver = require("s3rver") as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  httpServer: Server;
  close(): Promise<void>;
};

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The gateway's S3_* variables pointing at this server. */
  env: Record<string, string>;
  /** Stops answering (the port is closed); the objects stay in the folder. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  resume(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/** s3rver on a random port over a temp folder, with one empty bucket. */
export async function startS3rver(bucket = "presale-images"): Promise<LocalS3> {
  const dir = mkdtempSync(path.join(tmpdir(), "presale-s3-"));
  const start = async (port: number) => {
    const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
    return { server, port: (await server.run()).port };
  };
  let running: Awaited<ReturnType<typeof start>> | null = await start(0);
  const port = running.port;
  const stop = async () => {
    if (!running) return;
    const { server } = running;
    running = null;
    server.httpServer.closeAllConnections();
    await server.close();
  };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver's fixed credentials.
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    stop,
    async resume() {
      running ??= await start(port);
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
