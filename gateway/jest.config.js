/** The gateway suite; TEST_DB=sqlite (default) or mysql picks the database (scripts/gateway-tests.mjs runs both). */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.(t|j|mj)s$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: "es2022",
        },
        module: { type: "commonjs" },
      },
    ],
  },
  // graphql-upload and fs-capacitor ship ES modules only.
  transformIgnorePatterns: ["/node_modules/(?!(graphql-upload|fs-capacitor)/)"],
  moduleFileExtensions: ["ts", "js", "mjs", "json"],
  moduleNameMapper: { "^@presale/db$": "<rootDir>/../db/src/index.ts", "^@presale/abis$": "<rootDir>/../abis/src/index.ts" },
  setupFiles: ["reflect-metadata"],
  testTimeout: 30000,
};
