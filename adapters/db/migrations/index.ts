import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001-catalog.ts";
import * as m0005 from "./0005-content.ts";

// Listed by hand rather than read from the folder, so the bundled server and the CLI see the same
// set without touching the file system. Add each new migration here, in order.
const migrations: Record<string, Migration> = {
  "0001-catalog": m0001,
  "0005-content": m0005,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
