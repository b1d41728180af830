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
          // One module graph for the files a worker runs (not a fresh process per file): importing
          // the composition root is about 2 s of CPU, which every one of the ~115 files paid again
          // on each database. Safe because no integration file mocks a module, stubs a global or
          // changes process.env, every store has its own database, and the app keeps no per-process
          // state a file could leak (metrics registries are per app). A file that needs a fresh
          // process would say so with its own project.
          isolate: false,
        },
      },
    ],
  },
});
