import * as z from "zod";

/** The Roblox directory's settings (docs/delivery.md, "The Roblox directory"), part of ConfigSchema. */
export const ROBLOX_SETTINGS = {
  ROBLOX_USERS_URL: z.url().default("https://users.roblox.com").describe("Roblox users v1 API origin (a local fixture server in tests)."),
  ROBLOX_THUMBNAILS_URL: z.url().default("https://thumbnails.roblox.com").describe("Roblox thumbnails v1 API origin (avatar headshots)."),
  ROBLOX_APIS_URL: z
    .url()
    .default("https://apis.roblox.com")
    .describe("Roblox apis origin: game passes v1 (a buyer's gamepass checked for Robux by gamepass; a local fixture server in tests)."),
  ROBLOX_PENDING_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(7)
    .describe("Days Roblox holds a gamepass's earnings as pending before the buyer sees the Robux (unverified default: docs/delivery.md)."),
  ROBLOX_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(30)
    .default(2.5)
    .describe("Seconds one call to Roblox may take; past it the name goes on as 'not checked' and Roblox is left alone for 30 seconds."),
  ROBLOX_CACHE_FOUND_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86400)
    .default(600)
    .describe("Seconds a Roblox account that was found is kept in each process."),
  ROBLOX_CACHE_MISSING_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(30)
    .describe("Seconds 'no such Roblox account' is kept (briefly: it may be registered any minute)."),
  ROBLOX_LOOKUP_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100000)
    .default(30)
    .describe("Roblox names one shopper may look up a minute at checkout before 429."),
  ROBLOX_CLIENT_ID: z.string().min(1).optional().describe("Sign in with Roblox: OAuth 2.0 client id (with ROBLOX_CLIENT_SECRET). Unset: no Roblox button."),
  ROBLOX_CLIENT_SECRET: z.string().min(1).optional().describe("Sign in with Roblox: OAuth 2.0 client secret."),
  ROBLOX_OAUTH_URL: z
    .url()
    .default("https://apis.roblox.com/oauth")
    .describe("Roblox's OAuth 2.0 base (its /v1/authorize, /v1/token and /v1/userinfo; a local fixture server in tests)."),
};
