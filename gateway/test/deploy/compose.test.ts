/**
 * docker-compose.yml, checked without Docker: every image pinned, the gateways' environment complete against the
 * configuration schema (gateway/src/config/), nothing but the proxy publishing a port, the gateways' root file
 * system read-only with DATA_DIR a volume, and the proxy passing streams through unbuffered (deploy/nginx.conf).
 * What the image holds and runs is scripts/image-tree.mjs's part.
 */
import { readFileSync } from "fs";
import path from "path";
import { parse } from "yaml";
import { SETTINGS } from "../../src/config";

const root = path.resolve(__dirname, "../../..");

interface Service {
  image?: string;
  build?: unknown;
  ports?: unknown[];
  network_mode?: string;
  read_only?: boolean;
  tmpfs?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  volumes?: (string | { target: string })[];
}

// merge: the gateways share their settings through a YAML anchor and `<<` merge keys.
const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);
/** The services built from this repository's Dockerfile: the gateway replicas. */
const gateways = services.filter(([, service]) => service.build !== undefined);

function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((line) => [line.split("=")[0], line.split("=").slice(1).join("=")]));
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value === null ? "" : String(value)]));
}

/** A value compose can only expand to nothing: empty, or `${NAME}` / `${NAME:-}` with no default. */
const mayBeEmpty = (value: string) => value === "" || /^\$\{\w+(:?-)?\}$/.test(value);

describe("docker-compose.yml", () => {
  it("has the gateway replicas and the services they need", () => {
    expect(gateways.map(([name]) => name).sort()).toEqual(["gateway-a", "gateway-b"]);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(["proxy", "mysql", "redis", "s3"]));
  });

  it.each(services)("pins %s's image by tag and digest, or builds it here", (_name, service) => {
    if (service.build !== undefined) {
      expect(service.image).toBeUndefined();
      return;
    }
    expect(service.image).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
  });

  it("publishes a port from the proxy alone", () => {
    const publishing = services
      .filter(([, service]) => (service.ports ?? []).length > 0 || service.network_mode === "host")
      .map(([name]) => name);
    expect(publishing).toEqual(["proxy"]);
  });

  describe.each(gateways)("%s", (_name, service) => {
    const env = environment(service);

    it("sets every setting a production deployment needs (its `production` note), none left empty", () => {
      const needed = SETTINGS.filter((setting) => setting.production).map((setting) => setting.name);
      expect(needed.length).toBeGreaterThan(5);
      expect(needed.filter((name) => !(name in env))).toEqual([]);
      expect(needed.filter((name) => mayBeEmpty(env[name]))).toEqual([]);
      expect(env.NODE_ENV).toBe("production");
    });

    it("sets nothing the configuration does not read (a misspelt name would be ignored)", () => {
      const known = new Set(SETTINGS.map((setting) => setting.name));
      expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    });

    it("runs on a read-only root file system with DATA_DIR a volume and /tmp a tmpfs", () => {
      expect(service.read_only).toBe(true);
      const targets = (service.volumes ?? []).map((volume) => (typeof volume === "string" ? volume.split(":")[1] : volume.target));
      expect(targets).toContain(env.DATA_DIR);
      expect([service.tmpfs].flat()).toContain("/tmp");
    });
  });

  it("gives each replica its own name and its own data volume", () => {
    const ids = gateways.map(([, service]) => environment(service).REPLICA_ID);
    expect(new Set(ids).size).toBe(gateways.length);
    const volumes = gateways.map(([, service]) => String(service.volumes?.[0]).split(":")[0]);
    expect(new Set(volumes).size).toBe(gateways.length);
  });
});

describe("deploy/nginx.conf", () => {
  const conf = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8").replace(/#.*$/gm, "");
  /** The body of `location <match> { ... }` (no nested blocks in this file). */
  const location = (match: string) => new RegExp(`location\\s+${match.replace(/[/=]/g, "\\$&")}\\s*\\{([^}]*)\\}`).exec(conf)?.[1] ?? "";

  it("passes answers through as they are written (server-sent events, streams), requests too", () => {
    const main = location("/");
    expect(main).toMatch(/proxy_pass\s+http:\/\/gateways;/);
    expect(main).toMatch(/proxy_buffering\s+off;/);
    expect(main).toMatch(/proxy_request_buffering\s+off;/);
    // A change stream (/graphql/stream) sends a keep-alive comment every 12 s: the proxy must wait longer than that.
    expect(Number(/proxy_read_timeout\s+(\d+)s;/.exec(main)?.[1])).toBeGreaterThan(12);
  });

  it("keeps /metrics and /readyz off the proxy", () => {
    expect(location("= /metrics")).toMatch(/return\s+404;/);
    expect(location("= /readyz")).toMatch(/return\s+404;/);
  });
});

describe("Dockerfile", () => {
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");

  it("builds on a Node 24 image pinned by digest, runs as a non-root user, checks /readyz", () => {
    const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(base).toMatch(/^node:24[\w.-]*-bookworm-slim@sha256:[0-9a-f]{64}$/);
    const froms = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]);
    expect(froms.every((from) => from === "${NODE_IMAGE}")).toBe(true);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
  });
});
