/** Contract and chain-config tests; the chain tests start their own anvil on a free port in 8600-8699. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }],
  },
  moduleFileExtensions: ["ts", "js", "json"],
  testTimeout: 60000,
};
