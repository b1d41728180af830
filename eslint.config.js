// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { defineConfig } from "eslint/config";

export default defineConfig(
  { ignores: ["dist/", ".astro/", ".node/", "node_modules/", "data/", "test-results/", "playwright-report/", "**/*.astro"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": ["error", { ignoreRestArgs: true }],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "Time comes from the Clock port." },
      ],
    },
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
