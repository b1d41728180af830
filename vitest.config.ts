import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          // One migrated database per run, copied by every file's store (helpers/migrated-template.ts).
          globalSetup: ["tests/integration/helpers/migrated-template.ts"],
          // Each file opens its own temporary SQLite database; files run in parallel.
        },
      },
    ],
  },
});
