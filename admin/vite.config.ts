import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
  server: {
    proxy: { "/graphql": gateway, "/Images": gateway, "/api": gateway },
  },
});
