/**
 * The end-to-end suite: the real gateway (fresh SQLite database) serving the
 * built admin, driven in Debian's Chromium by playwright-core.
 */
const swc = ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }];

export default {
  testEnvironment: "node",
  roots: ["<rootDir>/e2e"],
  testMatch: ["**/*.e2e.ts"],
  transform: { "^.+\\.ts$": swc },
  globalSetup: "<rootDir>/e2e/globalSetup.ts",
  globalTeardown: "<rootDir>/e2e/globalTeardown.ts",
  // npm test runs two shards side by side (--shard=1/2, 2/2), balanced by each file's time.
  testSequencer: "<rootDir>/e2e/shards.mjs",
  testTimeout: 120_000,
  maxWorkers: 1,
  // Chromium and keep-alive sockets may outlive the last test by a moment.
  forceExit: true,
};
