/** The gateway suite; TEST_DB=sqlite (default) or mysql picks the database (scripts/gateway-tests.mjs runs both). */

/**
 * Test files whose verdict the database engine cannot change: configuration, documents, HTTP framing and headers,
 * request limits refused before any query, files and image stores on disk, the chain on anvil, the process's
 * signals, webhook targets refused before anything is stored. The MariaDB pass would repeat them exactly (about a
 * third of its files), so they run on SQLite only. security/faults uses MariaDB (behind a relay) in either pass.
 * A file that reads or writes records through the product belongs in both passes.
 */
const ENGINE_FREE = [
  "app",
  "auth/tokens",
  "chain/chainService",
  "chain/indexer/config",
  "chain/tokenAddress",
  "config",
  "deploy/compose",
  "graphql/schema",
  "http/admin",
  "http/images",
  "logger",
  "scripts/configDoc",
  "scripts/resourceList",
  "security/earlyRefusal",
  "security/faults",
  "security/files",
  "security/graphql",
  "security/headers",
  "security/images",
  "security/multipart",
  "security/refusalWhilePaused",
  "security/shutdown",
  "security/storage",
  "webhooks/ssrf",
];
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // test/scaleout/ starts several built gateway processes on one MariaDB database (replicas): it
  // proves what only a shared server can, so it runs once, in the MariaDB pass.
  // test/support/mysqlTemplate.test.ts checks the MariaDB pass's own databases.
  // What the database engine cannot change runs once, in the SQLite pass (ENGINE_FREE).
  testPathIgnorePatterns:
    process.env.TEST_DB === "mysql"
      ? ["/node_modules/", ...ENGINE_FREE.map((file) => `<rootDir>/test/${file}.test.ts`)]
      : ["/node_modules/", "<rootDir>/test/scaleout/", "<rootDir>/test/support/mysqlTemplate.test.ts"],
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
  // These ship ES modules only (graphql-upload, fs-capacitor, and what otplib builds on).
  transformIgnorePatterns: ["/node_modules/(?!(graphql-upload|fs-capacitor|@otplib|@scure|@noble)/)"],
  moduleFileExtensions: ["ts", "js", "mjs", "json"],
  moduleNameMapper: {
    // graphql as in production (the file says why).
    "^\\.\\./jsutils/instanceOf\\.js$": "<rootDir>/../scripts/jest/graphqlInstanceOf.cjs",
    "^@presale/db$": "<rootDir>/../db/src/index.ts",
    "^@presale/abis$": "<rootDir>/../abis/src/index.ts",
    "^@presale/abis/node$": "<rootDir>/../abis/src/node.ts",
  },
  setupFiles: ["reflect-metadata"],
  // The run's name, and its MariaDB databases dropped at the end (test/support/mysqlTemplate.ts).
  globalSetup: "<rootDir>/test/support/globalSetup.ts",
  globalTeardown: "<rootDir>/test/support/globalTeardown.ts",
  // V8's code cache shared by the test files of a worker (the file says why).
  runtime: "<rootDir>/../scripts/jest/codeCacheRuntime.cjs",
  // npm test runs this suite beside two other lanes on a 2-core machine, where a test takes up to 4 times its quiet
  // time (many sign-ins, several apps): the bound catches a hang, not a slow machine.
  testTimeout: 60000,
};
