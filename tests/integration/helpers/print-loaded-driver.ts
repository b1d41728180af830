// Opens the database named by argv[2] (a pool only: nothing connects) and prints whether the
// PostgreSQL driver was loaded into this process.
import { createRequire } from "node:module";
import { openDatabase } from "#adapters/db/database.ts";

const db = openDatabase(process.argv[2]!);
const loaded = Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("/node_modules/pg/"));
await db.destroy();
console.log(JSON.stringify({ pgLoaded: loaded }));
