// Plain JavaScript: `npm start` (scripts/start.mjs) loads it before anything of the store, without Node's type stripper.
// Reads `.env` (or the file ENV_FILE names) into process.env before the configuration is loaded,
// with Node's own parser. Variables already set in the environment win, so a service manager's or a
// test's settings are never overridden by the file. `.env.example` lists every variable.
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export const ENV_FILE = resolve(import.meta.dirname, "..", process.env["ENV_FILE"] || ".env");

if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
