import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const gateway = process.env.GATEWAY_URL ?? "http://localhost:4000";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { "@ethersproject/providers": fileURLToPath(new URL("./src/chain/noEthersV5.ts", import.meta.url)) },
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
