import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const gateway = process.env.GATEWAY_URL ?? "http://localhost:4000";

export default defineConfig({
  plugins: [react()],
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
