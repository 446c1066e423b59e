/**
 * GraphQL Code Generator (client preset): the result and variable types of every document the admin writes with
 * `graphql()` from src/gql, checked against the gateway's committed schema. `npm run codegen -w admin` writes them;
 * the root's `npm run lint` fails when they are not current (`--check`).
 */
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "../gateway/schema.graphql",
  documents: ["src/**/*.{ts,tsx}", "!src/gql/**"],
  // A document the schema does not answer (a renamed field) fails the generation, not only the typecheck.
  ignoreNoDocuments: false,
  generates: {
    "src/gql/": {
      preset: "client",
      // The admin reads whole results; fragments only share field lists.
      presetConfig: { fragmentMasking: false },
      config: {
        // Each document is its text (graphqlRequest posts it as is): no parsed syntax tree in the bundle.
        documentMode: "string",
        // Type-only imports and no TypeScript enums: the admin compiles file by file (isolatedModules, swc, esbuild).
        useTypeImports: true,
        enumsAsTypes: true,
        // The operations' own types only (what a document selects), not a copy of every type of the schema.
        onlyOperationTypes: true,
        // A result's nullable field is there as null, as the gateway sends it; no __typename is asked for.
        avoidOptionals: { field: true },
        skipTypename: true,
        scalars: { DateTimeISO: "string", Upload: "File" },
      },
    },
  },
};

export default config;
