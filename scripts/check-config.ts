// `npm start`'s configuration check before a build (scripts/start.mjs): a wrong setting is one line
// at once, not after a build of a minute. Exits 1 with the message.
import "./load-env.mjs";
import { ConfigError, loadConfig } from "../src/server/config.ts";

try {
  loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
