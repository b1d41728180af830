// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";
import { defineConfig } from "eslint/config";

/** What pages, layouts, components and islands may not import: adapters are reached through the app (src/server). */
const NO_ADAPTERS = {
  patterns: [
    { regex: "^(#adapters/|(\\.\\./)+adapters/)", message: "Routes and UI reach adapters only through the composition root (Astro.locals.app, src/server)." },
  ],
};

export default defineConfig(
  { ignores: ["dist/", ".astro/", ".node/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": ["error", { ignoreRestArgs: true }],
      "no-restricted-syntax": ["error", { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "Time comes from the Clock port." }],
    },
  },
  {
    // Type-aware rules, on the TypeScript the compiler checks (tsconfig.json): the promise and
    // assertion mistakes that type-blind linting cannot see.
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      "@typescript-eslint/no-for-in-array": "error",
      "@typescript-eslint/only-throw-error": "error",
      "@typescript-eslint/return-await": ["error", "error-handling-correctness-only"],
    },
  },
  // .astro files: the frontmatter and inline scripts, with the rules above that need no types.
  astro.configs.recommended,
  {
    files: ["src/pages/**", "src/layouts/**", "src/components/**", "src/islands/**", "src/stores/**"],
    rules: { "no-restricted-imports": ["error", NO_ADAPTERS] },
  },
  {
    // Migrations describe a schema at a point in history, not today's types.
    files: ["adapters/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
  {
    files: ["tests/**", "bench/**", "scripts/**"],
    // Tests read JSON answers whose shape is what they assert.
    rules: { "no-restricted-syntax": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
);
