import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin, type Rollup } from "vite";

const gateway = process.env.GATEWAY_URL ?? "http://localhost:4000";

/** Text the gateway sends compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files are sent as they are (as the gateway does for its own answers). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli (.br) and gzip (.gz) copies beside each built text file, at the
 * strongest levels, once per build: the gateway sends them as files instead
 * of compressing every request. A copy no smaller than its file is left out.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "presale-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const bytes = readFileSync(file);
        if (bytes.length < COMPRESS_FROM_BYTES) continue;
        const copies = {
          ".br": brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
          ".gz": gzipSync(bytes, { level: 9 }),
        };
        for (const [suffix, copy] of Object.entries(copies)) if (copy.length < bytes.length) writeFileSync(file + suffix, copy);
      }
    },
  };
}

/**
 * The admin's libraries in a few long-cached chunks (their names stay while only the app's code changes), so a
 * screen loads in a handful of requests instead of a waterfall of small shared pieces: react and the router, MUI,
 * its icons, react-admin with the data layer, and apart the chain's reads (ethers), the rich-text editor and the
 * charts, each loaded only with the screen or card that shows them. The admin's own frame (App, its layout, the
 * providers and the list kit of ui/) is one more: each screen's chunk then holds little beyond its own code. The
 * wallet connectors (WalletConnect, Reown) are left to rollup: they load when a wallet is connected, in pieces of
 * their own.
 */
const VENDOR_GROUPS: [name: string, packages: RegExp][] = [
  // With the small helpers many libraries share (in MUI's chunk, they made it and react's import each other).
  [
    "react",
    /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@babel\/runtime|react-is|clsx|prop-types)\//,
  ],
  [
    "mui",
    /\/node_modules\/(@mui\/(material|system|utils|styled-engine|private-theming|types)|@emotion\/[^/]+|@popperjs\/core|dom-helpers|react-transition-group|hoist-non-react-statics|stylis)\//,
  ],
  ["icons", /\/node_modules\/@mui\/icons-material\//],
  ["editor", /\/node_modules\/(@tiptap\/|prosemirror-|ra-input-rich-text|orderedmap|rope-sequence|w3c-keyname|linkifyjs)/],
  ["charts", /\/node_modules\/(@mui\/x-|d3-|internmap)/],
  ["chain", /\/node_modules\/(ethers|@adraffy\/[^/]+|@noble\/[^/]+|aes-js)\/|\/abis\/(src|build)\//],
  [
    "react-admin",
    /\/node_modules\/(react-admin|ra-|@tanstack\/|@apollo\/|graphql|@wry\/|optimism|zen-observable|ts-invariant|react-hook-form|lodash|inflection|query-string|decode-uri-component|filter-obj|split-on-first|jsonexport|react-error-boundary|react-dropzone|file-selector|attr-accept|css-mediaquery|date-fns|apollo-upload-client|extract-files|eventemitter3)/,
  ],
];
/** The admin's frame and what every screen shares (left to rollup, it came as a dozen small shared chunks). */
const SHELL = /\/admin\/src\/(App\.tsx|layout\/|ui\/|providers\/|i18n\/)|\/abis\/src\/images\.ts/;

/**
 * The groups /login loads anyway. Everything else it needs is assigned too: a module left unassigned joins the first
 * group that imports it (rollup's rule), and /login would load that whole group.
 */
const LOGIN_GROUPS = new Set(["react", "mui", "icons"]);

/** The modules the entry (/login) imports statically, directly or not: found at the first call (one build a process). */
let loginModules: Set<string> | undefined;

function vendorChunk(id: string, meta: Rollup.ManualChunkMeta) {
  if (!loginModules) {
    const found = new Set<string>();
    const todo = [...meta.getModuleIds()].filter((module) => meta.getModuleInfo(module)?.isEntry);
    for (let module = todo.pop(); module; module = todo.pop()) {
      if (found.has(module)) continue;
      found.add(module);
      todo.push(...(meta.getModuleInfo(module)?.importedIds ?? []));
    }
    loginModules = found;
  }
  const group = SHELL.test(id) ? "shell" : VENDOR_GROUPS.find(([, packages]) => packages.test(id))?.[0];
  if (!loginModules.has(id) || (group && LOGIN_GROUPS.has(group))) return group;
  // Its other libraries and rollup's helpers (ids starting with \0) go with react, the chunk every other imports
  // (beside MUI they would make chunks import each other both ways).
  return id.includes("/node_modules/") || id.startsWith("\0") ? "react" : "login";
}

/**
 * The chain package's pure entry has no effects of its own at load: what a screen takes from its barrel (the image
 * rules) then comes without the contracts and ethers beside them (set here: a transform's word beats the resolver's).
 */
function pureChainPackage(): Plugin {
  return {
    name: "presale-pure-abis",
    transform(_code, id) {
      return id.includes("/abis/src/") ? { moduleSideEffects: false } : undefined;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), pureChainPackage()],
  resolve: {
    alias: [
      { find: "@ethersproject/providers", replacement: fileURLToPath(new URL("./src/chain/noEthersV5.ts", import.meta.url)) },
      // The pure entry of the chain package, from its sources: ES modules sharing the admin's one copy of ethers.
      { find: /^@presale\/abis$/, replacement: fileURLToPath(new URL("../abis/src/index.ts", import.meta.url)) },
    ],
  },
  define: { __API_URL__: JSON.stringify(process.env.VITE_API_URL ?? "") },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: {
    proxy: { "/graphql": gateway, "/Images": gateway, "/api": gateway },
  },
});
