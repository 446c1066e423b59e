/**
 * The docs an operator reads match the product: docs/configuration.md is what the setting groups of
 * gateway/src/config/ generate, loadConfig reads exactly the variables declared there, nothing else in the gateway
 * reads the environment by a name they do not declare, and every relative link in README.md and docs/ leads
 * somewhere.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { CHAIN_ENV_VARS } from "@presale/abis";
import { loadConfig, SETTINGS } from "../../src/config";
import { CONFIGURATION_DOC, configurationDoc } from "../../src/scripts/configDoc";

const root = path.resolve(__dirname, "../../..");

/** Every name loadConfig asks an environment for, under each env given (branches read different names). */
function namesRead(envs: Record<string, string>[]): Set<string> {
  const read = new Set<string>();
  const dataDir = mkdtempSync(path.join(tmpdir(), "config-doc-"));
  try {
    for (const values of envs) {
      const env = new Proxy({ DATA_DIR: dataDir, ...values } as NodeJS.ProcessEnv, {
        get(target, key) {
          if (typeof key === "string") read.add(key);
          return target[key as string];
        },
        has(target, key) {
          if (typeof key === "string") read.add(key);
          return key in target;
        },
        ownKeys(target) {
          read.add("(every name)");
          return Reflect.ownKeys(target);
        },
      });
      try {
        loadConfig(env);
      } catch {
        // A refused value still shows which names were read.
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return read;
}

/** The TypeScript files under a folder of the repository. */
function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(folder, file));
}

describe("docs/configuration.md", () => {
  const declared = SETTINGS.map((s) => s.name);
  const forLoadConfig = SETTINGS.filter((s) => !s.readBy).map((s) => s.name);

  it("is what npm run docs:config generates from gateway/src/config/", () => {
    const current = readFileSync(CONFIGURATION_DOC, "utf8");
    // On failure: run `npm run docs:config` and commit docs/configuration.md.
    expect(current).toBe(configurationDoc());
  });

  it("lists every variable the configuration reads, and only those", () => {
    const read = namesRead([{}, { S3_BUCKET: "images" }, { CHAIN: "bsc" }, { CHAIN: "none" }, { AUDIT_RETENTION_DAYS: "30" }]);
    const undeclared = [...read].filter((name) => !forLoadConfig.includes(name));
    const unread = forLoadConfig.filter((name) => !read.has(name));
    // resolveChainConfig is handed the declared chain variables only: each one it reads must be among them.
    const chainUndeclared = CHAIN_ENV_VARS.filter((name) => !forLoadConfig.includes(name));
    // undeclared: declare it in its group under gateway/src/config/; unread: remove it (or give its readBy).
    expect({ undeclared, unread, chainUndeclared }).toEqual({ undeclared: [], unread: [], chainUndeclared: [] });
  });

  it("leaves no environment variable of the gateway or the chain package undeclared", () => {
    const undeclared: string[] = [];
    for (const file of [...sources("gateway/src"), ...sources("abis/src")]) {
      const text = readFileSync(path.join(root, file), "utf8");
      for (const match of text.matchAll(/\bprocess\.env(?:\.([A-Za-z_]\w*)|\[\s*["'`]([^"'`]+)["'`]\s*\])/g)) {
        const name = match[1] ?? match[2];
        if (!declared.includes(name)) undeclared.push(`${file}: ${name}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it("names each variable once, and the file that reads each one loadConfig does not", () => {
    expect(declared.filter((name, i) => declared.indexOf(name) !== i)).toEqual([]);
    for (const setting of SETTINGS.filter((s) => s.readBy)) {
      expect({
        name: setting.name,
        readBy: setting.readBy,
        names: readFileSync(path.join(root, setting.readBy!), "utf8").includes(setting.name),
      }).toEqual({
        name: setting.name,
        readBy: setting.readBy,
        names: true,
      });
    }
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = match[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    result.add(repeats ? `${base}-${repeats}` : base);
  }
  return result;
}

/** Fenced blocks and inline code hold examples, not links. */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");

describe("README.md and docs/", () => {
  const files = [
    "README.md",
    ...readdirSync(path.join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];

  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), "utf8");
      for (const match of withoutCode(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [file2, anchor] = target.split("#");
        const resolved = file2 ? path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(file2)) : path.join(root, file);
        if (!existsSync(resolved)) {
          broken.push(`${file}: ${target} (no such file)`);
          continue;
        }
        if (anchor && resolved.endsWith(".md") && !anchors(readFileSync(resolved, "utf8")).has(anchor)) {
          broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("keep the README short enough to read first", () => {
    expect(readFileSync(path.join(root, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(220);
  });
});
