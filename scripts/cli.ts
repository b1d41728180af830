// The store's command line: `npm run cli -- <command>`. Each command prints what it did and exits
// non-zero with one clear line on failure.
import "./load-env.mjs";
import { sql } from "kysely";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { openApp, type App } from "../src/server/app.ts";
import { ConfigError, loadConfig } from "../src/server/config.ts";
import { createInterface } from "node:readline/promises";
import { ensureAdmin, isShopperAccount, prepareDatabase, seedDemoCatalogue, seedDemoContent } from "../src/server/prepare-database.ts";
import { parseArgs } from "node:util";
import { isPostgresUrl, migrateToLatest, openDatabase } from "../adapters/db/database.ts";
import { copyDatabase } from "../adapters/db/copy-database.ts";
import { createProgressLine } from "./progress-line.ts";
import { copyFiles } from "../adapters/storage/copy-files.ts";
import { rotateSharedSecret } from "../adapters/auth/shared-secret.ts";
import { openFileStore } from "../adapters/storage/open-file-store.ts";
import { INIT_USAGE, runInit } from "./init.ts";
import { listMail, mailDetail } from "../read-models/admin/mail-outbox.queries.ts";
import { redactLinks } from "../domain/mail/secret-links.ts";

const USAGE = `Usage: npm run cli -- <command>

Commands:
  init              a first set-up: shop name, support email, administrator, payment provider; writes .env
                    ${INIT_USAGE}
  seed              add the demo catalogue's games, FAQs and blog posts that are missing (safe to run again)
  admin create --email E --password P [--yes]
                    create an administrator, or make an existing account one with this password;
                    an existing shopper's account is promoted only when confirmed (asked, or --yes),
                    and every session it had is ended
  migrate           apply database migrations
  content import <folder>
                    create or update blog posts from the Markdown files (with front matter) in <folder>
  backup <file>     write a consistent copy of the SQLite database to <file>
  migrate-data --from file:./data/shop.db --to postgres://...
                    copy a shop's SQLite data (events included) into an empty PostgreSQL database
  projections rebuild
                    empty the analytics read models and replay the event log into them
  payments reconcile
                    ask the payment provider now about every payment still awaiting review,
                    and print what changed
  mail list [--status pending|sent|failed] [--to ADDRESS] [--limit N]
                    the newest emails of the outbox: when, status, recipient, subject, id
  mail show <id>    one email as sent (plain text), with its delivery status
  mail deliver      send every email that is due now (the running store does this by itself)
  secret rotate [--grace-hours H]
                    PostgreSQL without AUTH_SECRET: make a new shared session secret; the old one
                    still verifies for H hours (default 168), so restart every process within that
  uploads move --from database|folder|s3 --to database|folder|s3 [--remove-source]
                    copy every uploaded file (logos, review screenshots, delivery proofs) from one
                    store to another and read each copy back; with --remove-source, then remove
                    the files that were verified from the old store (safe to run again)`;

type Command = (app: App, args: string[]) => Promise<string>;

const STORES = ["database", "folder", "s3"] as const;
const isStore = (name: string | undefined): name is (typeof STORES)[number] => STORES.includes(name as (typeof STORES)[number]);

const commands: Record<string, Command> = {
  async secret(app, args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { "grace-hours": { type: "string", default: "168" } } });
    const graceHours = Number(values["grace-hours"]);
    if (positionals[0] !== "rotate" || !Number.isFinite(graceHours) || graceHours < 0 || graceHours > 24 * 90) {
      throw new Error("usage: npm run cli -- secret rotate [--grace-hours 0..2160]");
    }
    if (app.config.authSecret) throw new Error("secret rotate: AUTH_SECRET is set, so the store uses it: change it in your configuration instead");
    if (!isPostgresUrl(app.config.databaseUrl)) {
      throw new Error(
        "secret rotate: on SQLite the generated secret is DATA_DIR/auth-secret: stop the store, delete the file and start it (every session ends)",
      );
    }
    const { version, verifiesUntil } = await rotateSharedSecret(app.db, graceHours * 3_600_000);
    return `secret rotate: version ${version} signs from each process's next start; the previous secret verifies until ${verifiesUntil}. Restart every process now.`;
  },
  async uploads(app, args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { from: { type: "string" }, to: { type: "string" }, "remove-source": { type: "boolean" } },
    });
    if (positionals[0] !== "move" || !isStore(values.from) || !isStore(values.to) || values.from === values.to) {
      throw new Error("usage: npm run cli -- uploads move --from database|folder|s3 --to database|folder|s3 [--remove-source]");
    }
    await migrateToLatest(app.db);
    const from = openFileStore(values.from, app.db, app.config);
    const to = openFileStore(values.to, app.db, app.config);
    const report = await copyFiles(from, to, (done) => {
      if (done % 100 === 0) console.log(`uploads move: ${done} files`);
    });
    const summary = `uploads move: ${report.copied} copied, ${report.alreadyThere} already there, from ${from.kind} to ${to.kind}; every copy read back`;
    if (report.mismatched.length > 0) throw new Error(`${summary}, but ${report.mismatched.length} did not match: ${report.mismatched.join(", ")}`);
    if (!values["remove-source"]) return `${summary}; the ${from.kind} store keeps its files (--remove-source removes them)`;
    for (const key of report.verified) await from.remove(key);
    return `${summary}; ${report.verified.length} removed from the ${from.kind} store`;
  },
  async "migrate-data"(_app, args) {
    const { values } = parseArgs({ args, options: { from: { type: "string" }, to: { type: "string" } } });
    if (!values.from?.startsWith("file:") || !values.to || !isPostgresUrl(values.to)) {
      throw new Error("usage: npm run cli -- migrate-data --from file:./data/shop.db --to postgres://user@host:5432/db");
    }
    const source = openDatabase(values.from);
    const target = openDatabase(values.to);
    try {
      await migrateToLatest(source);
      const report = await copyDatabase(source, target, (line) => console.log(line));
      const rows = report.tables.reduce((sum, t) => sum + t.target, 0);
      return `migrate-data: copied ${rows} rows in ${report.tables.length} tables; row counts verified`;
    } finally {
      await source.destroy();
      await target.destroy();
    }
  },
  async seed(app) {
    await migrateToLatest(app.db);
    const r = await seedDemoCatalogue(app);
    const c = await seedDemoContent(app);
    return [
      `seed: added ${r.gamesAdded} games and ${r.productsAdded} products; ${r.gamesAlreadyPresent} games were already present`,
      `seed: added ${c.faqsAdded} FAQs and ${c.postsAdded} blog posts`,
    ].join("\n");
  },
  async content(app, [action, folder]) {
    if (action !== "import" || !folder) throw new Error("usage: npm run cli -- content import <folder of .md files>");
    // Read and check every file before touching the database: a bad file imports nothing.
    const drafts = app.content.readBlogPostDrafts(resolve(folder));
    await migrateToLatest(app.db);
    const imported = await app.content.importBlogPosts(drafts);
    const count = (action: string) => imported.filter((p) => p.action === action).length;
    return [
      ...imported.map((p) => `content import: ${p.action} ${p.slug}`),
      `content import: ${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged`,
    ].join("\n");
  },
  async admin(app, args) {
    const { positionals, values } = parseArgs({
      args,
      options: { email: { type: "string" }, password: { type: "string" }, yes: { type: "boolean", default: false } },
      allowPositionals: true,
    });
    if (positionals[0] !== "create" || !values.email || !values.password) {
      throw new Error("usage: npm run cli -- admin create --email E --password P [--yes]");
    }
    await migrateToLatest(app.db);
    const email = values.email.trim().toLowerCase();
    // Anyone can register an address before the operator makes it an administrator: promoting an
    // existing shopper's account must be meant, by someone who knows whose account it is.
    if (
      (await isShopperAccount(app, email)) &&
      !values.yes &&
      !(await confirm(`${email} is an existing shopper's account. Make it an administrator (all its sessions will be ended)? [y/N] `))
    ) {
      throw new Error(`admin: ${email} is a shopper's account and was not changed; run again with --yes to make it an administrator`);
    }
    const { created, promoted, sessionsEnded } = await ensureAdmin(app, email, values.password);
    const what = created
      ? "created as an administrator"
      : promoted
        ? "was a shopper's account and is now an administrator"
        : "is an administrator with the given password";
    return `admin: ${email} ${what}${sessionsEnded ? "; all its sessions were ended" : ""}`;
  },
  async migrate(app) {
    const { migrations } = await prepareDatabase(app);
    return migrations.length ? `migrate: applied ${migrations.join(", ")}` : "migrate: already up to date";
  },
  async backup(app, [file]) {
    if (!file) throw new Error("backup needs a file name: npm run cli -- backup ./shop-backup.db");
    const target = resolve(file);
    if (existsSync(target)) throw new Error(`backup: ${target} already exists; choose a new file name`);
    if (!app.config.databaseUrl.startsWith("file:")) throw new Error("backup: only the SQLite database can be backed up this way; use pg_dump for PostgreSQL");
    // VACUUM INTO writes a consistent snapshot even while the store is serving.
    await sql`vacuum into ${target}`.execute(app.db);
    return `backup: wrote ${target}`;
  },
  async payments(app, [action]) {
    if (action !== "reconcile") throw new Error("usage: npm run cli -- payments reconcile");
    await migrateToLatest(app.db);
    const changes = await app.paymentReconciler.runOnce({ everything: true });
    if (changes.length === 0) return "payments reconcile: no payment is awaiting review";
    const lines = changes.map((c) =>
      c.kind === "refund"
        ? `payments reconcile: capture ${c.captureId} without an order: provider says ${c.providerSays}; ${c.changed ? "refunded" : "not refunded yet"}`
        : `payments reconcile: order ${c.orderId} (capture ${c.captureId}): provider says ${c.providerSays}; ${c.changed ? "order updated" : "unchanged"}`,
    );
    return [...lines, `payments reconcile: ${changes.filter((c) => c.changed).length} of ${changes.length} payments changed`].join("\n");
  },
  async mail(app, args) {
    const { positionals, values } = parseArgs({
      args,
      options: { status: { type: "string" }, to: { type: "string" }, limit: { type: "string", default: "50" } },
      allowPositionals: true,
    });
    await migrateToLatest(app.db);
    const [action, id] = positionals;
    if (action === "list") {
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error("mail list: --limit must be a whole number from 1 to 1000");
      if (values.status && !["pending", "sent", "failed"].includes(values.status)) throw new Error("mail list: --status must be pending, sent or failed");
      const { messages, total } = await listMail(app.db, {
        limit,
        ...(values.status ? { status: values.status } : {}),
        ...(values.to ? { recipient: values.to } : {}),
      });
      if (!messages.length) return "mail list: the outbox is empty";
      const lines = messages.map(
        (m) =>
          `${m.createdAt.slice(0, 19).replace("T", " ")}  ${m.status.padEnd(7)}  ${m.recipient}  ${m.subject}  (${m.id})${m.lastError ? `\n    last error: ${m.lastError}` : ""}`,
      );
      const where = app.config.mail.transport === "file" ? `; the messages are .eml files in ${app.config.mail.folder}` : "";
      return [...lines, `mail list: ${messages.length} of ${total} messages${where}`].join("\n");
    }
    if (action === "show" && id) {
      const message = await mailDetail(app.db, id);
      if (!message) throw new Error(`mail show: no message ${id}`);
      const text =
        message.text ?? (await app.mail.renderer.render({ template: message.template, to: message.recipient, data: JSON.parse(message.data) } as never)).text;
      return [
        `To: ${message.recipient}`,
        `Subject: ${message.subject}`,
        `Status: ${message.status} (${message.attempts} attempts)${message.sentAt ? `, sent ${message.sentAt}` : ""}`,
        "",
        // Links cut to their path (issue 32): a reset or invitation link is the recipient's alone.
        redactLinks(text),
      ].join("\n");
    }
    if (action === "deliver") {
      const round = await app.mail.worker.drain();
      return `mail deliver: ${round.sent} sent, ${round.retried} to retry later, ${round.failed} given up`;
    }
    throw new Error("usage: npm run cli -- mail list [--status S] [--to ADDRESS] [--limit N] | mail show <id> | mail deliver");
  },
  async projections(app, [action]) {
    if (action !== "rebuild") throw new Error("usage: npm run cli -- projections rebuild");
    await migrateToLatest(app.db);
    const progress = createProgressLine("projections rebuild");
    const started = performance.now();
    const result = await app.projections.rebuild({ onProgress: progress.update });
    progress.finish();
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(result.events / Math.max(seconds, 0.001)).toLocaleString("en-US");
    const skipped = result.undecodable ? `; skipped ${result.undecodable} events that could not be decoded` : "";
    return `projections rebuild: replayed ${result.events.toLocaleString("en-US")} events into ${result.projections.join(", ")} in ${seconds.toFixed(1)} s (${rate} events/s)${skipped}`;
  },
};

/** Asks a yes/no question on a terminal; without one (a script, CI) the answer is no. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  // init writes the configuration, so it runs before (and without) one.
  if (name === "init") {
    try {
      console.log(await runInit(args));
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return 1;
    }
  }
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
    return name ? 1 : 0;
  }
  let app: App | undefined;
  try {
    app = await openApp(loadConfig(process.env), {});
    console.log(await command(app, args));
    return 0;
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await app?.db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
