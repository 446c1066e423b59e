/** Unit and screen tests: jsdom with Node's fetch (jest-fixed-jsdom) and msw GraphQL handlers. */
import { availableParallelism } from "node:os";

const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
  },
];

// ESM-only packages that msw, react-admin and the upload link bring in.
const esm = [
  "msw",
  "@mswjs",
  "@open-draft",
  "rettime",
  "until-async",
  "outvariant",
  "strict-event-emitter",
  "headers-polyfill",
  "react-hotkeys-hook",
  "query-string",
  "decode-uri-component",
  "split-on-first",
  "filter-obj",
  "apollo-upload-client",
  "extract-files",
  "is-plain-obj",
  "write-excel-file",
  "fflate",
];

export default {
  testEnvironment: "jest-fixed-jsdom",
  // Admin tests live in test/ (one file per screen or module, helpers beside them; the chain layer's in test/chain/).
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  setupFilesAfterEnv: ["<rootDir>/test/support/setup.ts"],
  // V8's code cache shared by the test files of a worker (the file says why).
  runtime: "<rootDir>/../scripts/jest/codeCacheRuntime.cjs",
  transform: { "^.+\\.(t|j)sx?$": swc, "^.+\\.mjs$": swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esm.join("|")})/)`],
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  globals: { __API_URL__: "" },
  // apollo-upload-client imports Apollo's ESM files one by one: point them at
  // Apollo's CommonJS bundles, so there is one ApolloLink class, not two.
  moduleNameMapper: {
    // graphql as in production (the file says why).
    "^\\.\\./jsutils/instanceOf\\.js$": "<rootDir>/../scripts/jest/graphqlInstanceOf.cjs",
    "^@presale/abis$": "<rootDir>/../abis/src/index.ts",
    "^@presale/abis/node$": "<rootDir>/../abis/src/node.ts",
    "^@apollo/client/link/core/.*\\.js$": "<rootDir>/../node_modules/@apollo/client/link/core/core.cjs",
    "^@apollo/client/link/http/.*\\.js$": "<rootDir>/../node_modules/@apollo/client/link/http/http.cjs",
    "^@apollo/client/utilities/observables/Observable\\.js$": "<rootDir>/../node_modules/@apollo/client/utilities/utilities.cjs",
  },
  // npm test runs this suite beside three other lanes on a 2-core machine, where a screen test took up to 5 times
  // its quiet time, and 6 on a slower day (a 13 s test past a minute): the bound catches a hang, not a slow machine.
  testTimeout: 120000,
  // Jest's own default (one worker per core but one), yet at least two: on a 2-core machine jest would run
  // the files one after the other in its main process, leaving a core idle while jsdom renders.
  maxWorkers: Math.max(2, availableParallelism() - 1),
};
