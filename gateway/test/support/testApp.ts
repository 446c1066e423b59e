import { mkdtempSync, rmSync } from "fs";
import { Redis } from "ioredis";
import { tmpdir } from "os";
import path from "path";
import type { Express } from "express";
import request from "supertest";
import { seedDemoContent } from "@presale/db";
import { createApp } from "../../src/app";
import { auditSeeding } from "../../src/audit/seeding";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/database";
import { createLogger } from "../../src/logger";
import { Services } from "../../src/services";
import { releaseDatabase, takeMigratedDatabase } from "./mysqlTemplate";
import { copyMigratedSqlite } from "./sqliteTemplate";

export const ADMIN = { name: "admin", email: "admin@example.com", password: "admin-pass-123" };
export const TEST_DB = (process.env.TEST_DB ?? "sqlite") as "sqlite" | "mysql";
const MYSQL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";

export interface TestApp {
  services: Services;
  express: Express;
  http: ReturnType<typeof request>;
  dataDir: string;
  /** Its database, for a second app sharing it (`sameDatabaseAs`). */
  databaseUrl: string;
  /** POSTs a GraphQL operation; `token` goes in the Authorization header as given. */
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<GqlResponse>;
  /** A GraphQL multipart request (the graphql-upload spec); files map variable paths to bytes. */
  upload(query: string, variables: Record<string, unknown>, files: Record<string, Buffer>, token?: string): Promise<GqlResponse>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

export interface GqlResponse {
  status: number;
  body: { data?: any; errors?: { message: string; extensions?: Record<string, any> }[]; extensions?: Record<string, any> };
}

/** A test app and the seeded admin's token, for the suites that act as the admin. */
export async function startSignedIn(opts: Parameters<typeof startTestApp>[0] = {}) {
  const app = await startTestApp(opts);
  return { app, token: await app.adminToken() };
}

/**
 * A fresh product on a fresh database: a new SQLite file copied from a migrated template, or a MariaDB database holding
 * the template's tables and rows (a copy, or one a closed app gave back, emptied: support/mysqlTemplate.ts).
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    seed?: boolean;
    admin?: boolean;
    logTo?: { write(line: string): void };
    /** Start a local anvil chain with the contracts deployed (CHAIN=local); otherwise CHAIN=none. */
    chain?: boolean;
    /** Another replica: this app's database (the first app drops it when it closes; close this one first). */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "presale-test-"));
  let dropDatabase = async () => {};
  let databaseUrl = `sqlite:${path.join(dataDir, "test.sqlite")}`;
  if (opts.sameDatabaseAs) databaseUrl = opts.sameDatabaseAs.databaseUrl;
  else if (TEST_DB === "mysql") {
    const name = await takeMigratedDatabase();
    databaseUrl = `${MYSQL}/${name}`;
    dropDatabase = () => releaseDatabase(name);
  } else await copyMigratedSqlite(path.join(dataDir, "test.sqlite"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_NAME: ADMIN.name,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "silent",
    CHAIN: opts.chain ? "local" : "none",
    // The lowest bcrypt cost: the tests prove what a hash does, not how slow it is (half the suite's time at 10).
    PASSWORD_HASH_ROUNDS: "4",
    // A replica signs tokens with the same key as the app it shares a database with.
    ...(opts.sameDatabaseAs && { JWT_SECRET: opts.sameDatabaseAs.services.config.jwtSecret }),
    ...opts.env,
  });
  const ds = await openDatabase(config.database);
  const services = new Services(
    config,
    ds,
    createLogger(opts.logTo ? (opts.env?.LOG_LEVEL ?? "debug") : config.logLevel, opts.logTo, config.replicaId),
  );
  // As main.ts starts: connected to Redis (when set) before the first request.
  await services.redisConnected();
  await services.images.init();
  if (opts.admin !== false) await services.auth.ensureAdmin();
  if (opts.chain) await services.chain.start({ portRange: [8700, 8799] }, {});
  if (opts.seed) await seedDemoContent(ds, (bytes) => services.images.saveTrusted(bytes), auditSeeding(services.trail));
  const app = await createApp(services);
  const http = request(app.express);
  let token: string | undefined;

  const gql: TestApp["gql"] = async (query, variables, auth) => {
    const req = request(app.express).post("/graphql").set("Content-Type", "application/json");
    if (auth) req.set("Authorization", auth);
    const res = await req.send({ query, variables });
    return { status: res.status, body: res.body };
  };

  const upload: TestApp["upload"] = async (query, variables, files, auth) => {
    const map: Record<string, string[]> = {};
    Object.keys(files).forEach((p, i) => (map[String(i)] = [`variables.${p}`]));
    const req = request(app.express).post("/graphql").set("apollo-require-preflight", "true");
    if (auth) req.set("Authorization", auth);
    req.field("operations", JSON.stringify({ query, variables })).field("map", JSON.stringify(map));
    Object.values(files).forEach((bytes, i) => req.attach(String(i), bytes, `file${i}.bin`));
    const res = await req;
    return { status: res.status, body: res.body };
  };

  return {
    services,
    express: app.express,
    http,
    dataDir,
    databaseUrl,
    gql,
    upload,
    async adminToken() {
      if (!token) {
        const res = await gql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
          e: ADMIN.email,
          p: ADMIN.password,
        });
        token = `Bearer ${res.body.data.login.token}`;
      }
      return token;
    },
    async close() {
      await app.stop();
      await services.indexer?.stop();
      await services.chain.stop();
      await services.close();
      await ds.destroy();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const fieldErrors = (res: GqlResponse) => res.body.errors?.[0]?.extensions?.fieldErrors;
export const errorCode = (res: GqlResponse) => res.body.errors?.[0]?.extensions?.code;

/** Runs a test against a product of its own, closed afterwards whatever happened. */
export async function withTestApp<T>(opts: Parameters<typeof startTestApp>[0], test: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp(opts);
  try {
    return await test(app);
  } finally {
    await app.close();
  }
}

/**
 * Two replicas sharing a database and the local Redis (env names REDIS_URL and REDIS_PREFIX): B uses A's database
 * and JWT secret. Both are returned once their Redis connections are ready: sign-in and the token limits fail
 * closed (503) until then.
 */
export async function startReplicas(env: Record<string, string>): Promise<[TestApp, TestApp]> {
  const replicaA = await startTestApp({ env });
  const replicaB = await startTestApp({ env, sameDatabaseAs: replicaA });
  const until = Date.now() + 10_000;
  while ([replicaA, replicaB].some((app) => app.services.redis?.status !== "ready") && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return [replicaA, replicaB];
}

/** Closes replicas from startReplicas (B first: A drops the shared database) and deletes the run's Redis keys. */
export async function closeReplicas(replicas: (TestApp | undefined)[], prefix: string): Promise<void> {
  for (const replica of [...replicas].reverse()) await replica?.close();
  const client = new Redis(6379, "127.0.0.1", { maxRetriesPerRequest: 0, retryStrategy: () => null });
  const keys = await client.keys(`${prefix}*`).catch(() => []);
  if (keys.length) await client.del(...keys);
  client.disconnect();
}
