// One lint for every workspace: typescript-eslint's recommended rules, react-hooks in the admin,
// Prettier owns the layout (eslint-config-prettier turns off what it decides).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Names say what they hold: a single letter is only for a short lambda's parameter (and loop indexes). */
const singleLetterNames = [
  "error",
  {
    selector: ":not(ForStatement) > VariableDeclaration > VariableDeclarator > Identifier.id[name=/^[a-zA-Z]$/]",
    message: "Name the variable after what it holds (single letters are for short lambdas)",
  },
  {
    selector: ":matches(FunctionDeclaration, FunctionExpression) > Identifier.params[name=/^[a-zA-Z]$/]",
    message: "Name the parameter after what it holds (single letters are for short lambdas)",
  },
];

export default tseslint.config(
  {
    ignores: [
      ".cache/**",
      "**/node_modules/**",
      "**/dist/**",
      "**/build/**",
      "**/coverage/**",
      "admin/test-artifacts/**",
      "abis/cache/**",
      "docs/**",
      // Written by GraphQL Code Generator (npm run codegen -w admin).
      "admin/src/gql/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "no-restricted-syntax": singleLetterNames,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Decorated GraphQL classes and generic records need it in a few places; each is a reviewed choice.
      "@typescript-eslint/no-explicit-any": "off",
      // type-graphql's resolver lists are typed as Function.
      "@typescript-eslint/no-unsafe-function-type": "off",
    },
  },
  {
    files: ["admin/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    // The classic hook rules; the React Compiler's rules (refs, memoization, setState in effects) judge code for a
    // compiler this app does not use.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // jest.mock factories run before imports, so they require() what they return; the compile script and Jest's
    // runtime (loaded with require) are CommonJS.
    files: ["**/test/**", "**/__tests__/**", "abis/scripts/*.js", "scripts/jest/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
);
