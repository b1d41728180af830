// `npm run env:example`: writes .env.example from the configuration schema (src/server/config-schema.ts).
// Run it after adding a variable; tests/unit/env-example.test.ts fails until the file matches.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { renderEnvExample } from "../src/server/env-example.ts";

const target = resolve(import.meta.dirname, "../.env.example");
writeFileSync(target, renderEnvExample());
console.log(`env:example: wrote ${target}`);
