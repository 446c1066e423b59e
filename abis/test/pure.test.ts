import fs from "node:fs";
import path from "node:path";
import { builtinModules } from "node:module";

const SRC = path.join(__dirname, "../src");
const NODE = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Every module the entry reaches through relative imports, with what each imports from outside. */
function reach(entry: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(entry)) return seen;
  const source = fs.readFileSync(entry, "utf8");
  const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)].map((match) => match[1]);
  seen.set(
    entry,
    specifiers.filter((spec) => !spec.startsWith(".")),
  );
  for (const spec of specifiers.filter((spec) => spec.startsWith("./"))) {
    const file = path.join(path.dirname(entry), spec);
    reach(fs.existsSync(`${file}.ts`) ? `${file}.ts` : file, seen);
  }
  return seen;
}

describe("the pure entry (@presale/abis)", () => {
  it("reaches no Node API, so the admin can bundle it", () => {
    const reached = reach(path.join(SRC, "index.ts"));
    expect([...reached.keys()].map((file) => path.relative(SRC, file)).sort()).toEqual(
      ["chains.ts", "contracts.ts", "images.ts", "index.ts", "presales.ts", "provider.ts", "receipts.ts", "safe.ts"].sort(),
    );
    const nodeImports = [...reached].flatMap(([file, imports]) =>
      imports.filter((spec) => NODE.has(spec)).map((spec) => `${path.basename(file)}: ${spec}`),
    );
    expect(nodeImports).toEqual([]);
    expect([...reached.values()].flat().filter((spec) => !NODE.has(spec) && spec !== "ethers" && !spec.endsWith(".json"))).toEqual([]);
  });

  it("leaves compiling, deploying and the local chain to @presale/abis/node", () => {
    const reached = reach(path.join(SRC, "node.ts"));
    expect([...reached.keys()].map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(["artifacts.ts", "deploy.ts", "localChain.ts"]),
    );
  });
});
