/**
 * The chain layer (ethers, web3-react, WalletConnect) must stay out of the
 * first chunk and out of the admin shell: only screens loaded with React.lazy
 * or `import()` may import it. This follows the static imports from the entry
 * (main.tsx) and from the lazily loaded shell (App.tsx) and fails if they
 * reach src/chain or a wallet package.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SRC = path.join(__dirname, "../../src");
const CHAIN = path.join(SRC, "chain");
const WALLET_PACKAGES = /^(ethers|@web3-react\/|@walletconnect\/|@reown\/|@presale\/abis)/;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Static imports and re-exports (not `import()`, not `import type`). */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const specs: string[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gm))
    if (!match[2]) specs.push(match[4]);
  for (const match of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) specs.push(match[1]);
  return specs;
}

/** Follows static imports from the roots; lists each import of a forbidden file or package (and does not follow those). */
function staticGraph(roots: string[], forbidden: { file(f: string): boolean; pkg: RegExp }) {
  const seen = new Set<string>();
  const offenders: string[] = [];
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(file)) {
      const from = path.basename(file);
      if (spec.startsWith(".")) {
        const target = resolve(file, spec);
        if (!target) continue;
        if (forbidden.file(target)) offenders.push(`${from} → ${spec}`);
        else stack.push(target);
      } else if (forbidden.pkg.test(spec)) offenders.push(`${from} → ${spec}`);
    }
  }
  return { seen, offenders };
}

const inChain = (f: string) => f.startsWith(CHAIN + path.sep);

it("keeps src/chain and the wallet packages out of the entry chunk and the admin shell", () => {
  const roots = ["main.tsx", "Root.tsx", "App.tsx"].map((f) => path.join(SRC, f)).filter((f) => fs.existsSync(f));
  expect(roots.length).toBeGreaterThan(0);
  const { seen, offenders } = staticGraph(roots, { file: inChain, pkg: WALLET_PACKAGES });
  expect(seen.size).toBeGreaterThan(roots.length);
  expect(offenders).toEqual([]);
});

it("loads WalletConnect only on demand, even inside the chain layer", () => {
  const { seen, offenders } = staticGraph([path.join(CHAIN, "index.ts")], {
    file: (f) => f === path.join(CHAIN, "walletConnect.ts"),
    pkg: /^(@web3-react\/walletconnect-v2|@walletconnect\/|@reown\/)/,
  });
  expect(seen.has(path.join(CHAIN, "connectors.ts"))).toBe(true);
  expect(offenders).toEqual([]);
});

it("catches a static import of the chain layer (self-check on a fixture)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lazy-"));
  fs.mkdirSync(path.join(dir, "chain"));
  fs.writeFileSync(path.join(dir, "chain", "index.ts"), "export const x = 1;\n");
  fs.writeFileSync(path.join(dir, "main.tsx"), 'import { a } from "./screen";\nconst later = () => import("./chain");\n');
  fs.writeFileSync(
    path.join(dir, "screen.tsx"),
    'import type { T } from "./chain";\nexport { x } from "./chain";\nimport { Wallet } from "ethers";\n',
  );
  const { offenders } = staticGraph([path.join(dir, "main.tsx")], {
    file: (f) => f.startsWith(path.join(dir, "chain")),
    pkg: WALLET_PACKAGES,
  });
  fs.rmSync(dir, { recursive: true });
  expect(offenders).toEqual(["screen.tsx → ./chain", "screen.tsx → ethers"]);
});

it("has no import cycle through the chain layer (static imports: a lazy import() is no cycle)", () => {
  const chainFiles = fs
    .readdirSync(CHAIN)
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(CHAIN, f));
  const cycles = chainFiles.filter((file) => {
    // Does any static import path from this file lead back to it?
    const { seen } = staticGraph(
      staticImports(file)
        .filter((spec) => spec.startsWith("."))
        .map((spec) => resolve(file, spec))
        .filter((target): target is string => target !== null),
      { file: () => false, pkg: /^$/ },
    );
    return seen.has(file);
  });
  expect(chainFiles.length).toBeGreaterThan(10);
  expect(cycles.map((f) => path.relative(SRC, f))).toEqual([]);
});
