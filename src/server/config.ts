import * as z from "zod";

/**
 * The store's configuration, read once from the environment at start. Every variable has a default
 * that gives a working local store; a bad value stops start-up with one clear line naming it.
 */
const ConfigSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:<path> or postgres://...")
    .default("file:./data/shop.db"),
  HOST: z.string().min(1).default("localhost"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  databaseUrl: string;
  host: string;
  port: number;
  /** Origin used for canonical URLs and Open Graph tags, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  logLevel: z.infer<typeof ConfigSchema>["LOG_LEVEL"];
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the configuration; throws a ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set": shells and .env files often leave them blank.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "config");
      return `${name}=${JSON.stringify(present[name] ?? "")} is invalid: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const c = parsed.data;
  return {
    databaseUrl: c.DATABASE_URL,
    host: c.HOST,
    port: c.PORT,
    publicUrl: (c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/+$/, ""),
    dataDir: c.DATA_DIR,
    logLevel: c.LOG_LEVEL,
  };
}
