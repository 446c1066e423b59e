/** The gateway suite; TEST_DB=sqlite (default) or mysql picks the database (scripts/gateway-tests.mjs runs both). */
const esm = "(graphql-upload|fs-capacitor|htmlparser2|domhandler|domutils|domelementtype|dom-serializer|entities)/";

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
  // These ship ES modules only (sanitize-html's htmlparser2 12 sits in a nested node_modules).
  transformIgnorePatterns: [`/node_modules/(?!${esm})(?!.*/node_modules/${esm})`],
  moduleFileExtensions: ["ts", "js", "mjs", "json"],
  moduleNameMapper: { "^@presale/db$": "<rootDir>/../db/src/index.ts" },
  setupFiles: ["reflect-metadata"],
  testTimeout: 30000,
};
