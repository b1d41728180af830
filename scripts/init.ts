// `npm run cli -- init`: a shop owner's first set-up. Asks for the shop's name and support email,
// the administrator account, the public address and the payment provider (or takes them as flags,
// with --yes for no questions at all), checks the answers with the store's own configuration rules
// and writes `.env`, which `npm start` reads. The administrator is created at the next start
// (ADMIN_EMAIL/ADMIN_PASSWORD), so init needs no database.
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { ENV_FILE } from "./load-env.mjs";

interface Io {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

const FLAGS = {
  "shop-name": { type: "string" },
  "support-email": { type: "string" },
  "admin-email": { type: "string" },
  "admin-password": { type: "string" },
  "public-url": { type: "string" },
  "payment-provider": { type: "string" },
  "paypal-client-id": { type: "string" },
  "paypal-client-secret": { type: "string" },
  "demo-data": { type: "string" },
  file: { type: "string" },
  yes: { type: "boolean", short: "y" },
  force: { type: "boolean" },
} as const;

export const INIT_USAGE = `npm run cli -- init [--shop-name N] [--support-email E] [--admin-email E --admin-password P]
                 [--public-url https://...] [--payment-provider sandbox|paypal --paypal-client-id I --paypal-client-secret S]
                 [--demo-data on|off] [--file .env] [--yes] [--force]`;

/** Asks one question per line of input; reading lines through one iterator keeps piped answers. */
function questioner(io: Io) {
  const rl = createInterface({ input: io.input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string, fallback = ""): Promise<string> {
      io.output.write(fallback ? `${question} [${fallback}]: ` : `${question}: `);
      const next = await lines.next();
      if (next.done) throw new Error("init: input ended before every question was answered");
      return next.value.trim() || fallback;
    },
    close: () => rl.close(),
  };
}

function quote(value: string): string {
  return /^[\w@.:/+-]*$/.test(value) ? value : JSON.stringify(value);
}

/** Runs the set-up; returns the line to print. Throws with one clear line on a bad answer. */
export async function runInit(args: string[], io: Io = { input: process.stdin, output: process.stdout }): Promise<string> {
  const { values: flags } = parseArgs({ args, options: FLAGS, strict: true });
  const target = flags.file ? flags.file : ENV_FILE;
  const q = flags.yes ? null : questioner(io);
  const answer = async (flag: string | undefined, question: string, fallback = "") => flag ?? (q ? await q.ask(question, fallback) : fallback);
  try {
    if (existsSync(target) && !flags.force) {
      const overwrite = q ? await q.ask(`${target} exists. Overwrite it? (y/N)`, "n") : "n";
      if (!/^y(es)?$/i.test(overwrite)) throw new Error(`init: ${target} exists; nothing written (--force overwrites it)`);
    }
    io.output.write(flags.yes ? "" : "Set up your shop. Press Enter to keep the value in brackets.\n");
    const shopName = await answer(flags["shop-name"], "Shop name", "BloxBazaar");
    const publicUrl = await answer(flags["public-url"], "Public address of the shop (https://..., empty for http://localhost:4321)");
    const host = publicUrl ? new URL(publicUrl).hostname : "localhost";
    const supportEmail = await answer(flags["support-email"], "Support email shown to shoppers", `support@${host}`);
    const adminEmail = await answer(flags["admin-email"], "Administrator email (empty: none)");
    const adminPassword = adminEmail ? await answer(flags["admin-password"], "Administrator password (8+ characters)") : "";
    const provider = await answer(
      flags["payment-provider"],
      "Payment provider: sandbox (no money moves) or paypal",
      publicUrl.startsWith("https:") ? "paypal" : "sandbox",
    );
    const paypalId = provider === "paypal" ? await answer(flags["paypal-client-id"], "PayPal client id") : "";
    const paypalSecret = provider === "paypal" ? await answer(flags["paypal-client-secret"], "PayPal client secret") : "";
    const demoData = await answer(flags["demo-data"], "Seed an empty store with demo games, products and codes? on/off", publicUrl ? "off" : "on");

    const env: Record<string, string> = {
      SHOP_NAME: shopName,
      SUPPORT_EMAIL: supportEmail,
      ...(publicUrl ? { PUBLIC_URL: publicUrl, TRUST_PROXY: "1" } : {}),
      ...(adminEmail ? { ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword } : {}),
      PAYMENT_PROVIDER: provider,
      ...(provider === "paypal" ? { PAYPAL_CLIENT_ID: paypalId, PAYPAL_CLIENT_SECRET: paypalSecret, PAYPAL_API_BASE: "https://api-m.paypal.com" } : {}),
      DEMO_DATA: demoData,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    };
    // The store's own rules decide (https + sandbox refused, pairs, formats): the same check as npm start.
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) throw new Error(`init: ${error.message}; nothing written`, { cause: error });
      throw error;
    }
    const text = [
      `# Written by \`npm run cli -- init\` on ${new Date().toISOString().slice(0, 10)}. Every variable: .env.example.`,
      ...Object.entries(env).map(([name, value]) => `${name}=${quote(value)}`),
      "",
    ].join("\n");
    writeFileSync(target, text, { mode: 0o600 });
    const next = adminEmail ? `; npm start creates the administrator ${adminEmail}` : "";
    return `init: wrote ${target} (${Object.keys(env).length} settings)${next}`;
  } finally {
    q?.close();
  }
}
