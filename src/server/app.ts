import { randomUUID } from "node:crypto";
import { migrateToLatest, openDatabase, type Db } from "../../adapters/db/database.ts";
import { createSanitizeHtmlSanitizer } from "../../adapters/content/sanitize-html.sanitizer.ts";
import { createLogger, type Logger } from "../../adapters/log/logger.ts";
import type { HtmlSanitizer } from "../../domain/content/html-sanitizer.port.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import type { IdGenerator } from "../../domain/shared/id-generator.port.ts";
import { loadConfig, type Config } from "./config.ts";

/**
 * The composition root: the one place that reads the configuration, builds the adapters and hands
 * them to routes (through Astro.locals.app) and to the CLI. Nothing else constructs adapters.
 */
export interface App {
  config: Config;
  db: Db;
  log: Logger;
  clock: Clock;
  ids: IdGenerator;
  htmlSanitizer: HtmlSanitizer;
}

export const systemClock: Clock = { now: () => new Date() };
export const uuidGenerator: IdGenerator = { newId: () => randomUUID() };

export function createApp(config: Config, overrides: Partial<Pick<App, "clock" | "ids" | "log">> = {}): App {
  return {
    config,
    db: openDatabase(config.databaseUrl),
    log: overrides.log ?? createLogger(config.logLevel),
    clock: overrides.clock ?? systemClock,
    ids: overrides.ids ?? uuidGenerator,
    htmlSanitizer: createSanitizeHtmlSanitizer(),
  };
}

let running: Promise<App> | undefined;

/** The server's app, built on first use from process.env with the schema brought up to date. */
export function getApp(): Promise<App> {
  running ??= (async () => {
    const app = createApp(loadConfig(process.env));
    await migrateToLatest(app.db);
    return app;
  })();
  return running;
}
