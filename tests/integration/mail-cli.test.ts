import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// The embedded default (no SMTP_URL): messages become .eml files under DATA_DIR/outbox/, and the
// operator reads the outbox with `npm run cli -- mail ...`.
const store = await createTestApp({ seed: false });

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ["scripts/cli.ts", ...args], {
    env: {
      ...process.env,
      DATABASE_URL: store.config.databaseUrl,
      DATA_DIR: store.dir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: store.config.publicUrl,
      SMTP_URL: "",
      MAIL_FROM: "",
    },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe.runIf(TEST_DATABASE === "sqlite")("npm run cli -- mail (file outbox)", () => {
  it("lists the outbox, delivers what is due into DATA_DIR/outbox/*.eml and shows a message as sent", async () => {
    expect(cli("mail", "list")).toMatchObject({ code: 0, out: "mail list: the outbox is empty" });
    await store.app.db
      .transaction()
      .execute((trx) => store.app.mail.outbox(trx).add({ template: "promo_code", to: "promo@mail.test", data: { code: "PROMO-ABC123", percentOff: 20 } }));
    const pending = cli("mail", "list");
    expect(pending.code).toBe(0);
    expect(pending.out).toMatch(/pending {2}promo@mail\.test {2}Your 20% off code for BloxBazaar {2}\(([0-9a-f-]{36})\)/);
    const id = pending.out.match(/\(([0-9a-f-]{36})\)/)![1]!;

    expect(cli("mail", "deliver")).toMatchObject({ code: 0, out: "mail deliver: 1 sent, 0 to retry later, 0 given up" });
    const files = readdirSync(join(store.dir, "outbox"));
    expect(files).toEqual([`${id}.eml`]);
    const eml = readFileSync(join(store.dir, "outbox", files[0]!), "utf8");
    expect(eml).toMatch(/^To: promo@mail\.test$/m);
    expect(eml).toMatch(/^Subject: Your 20% off code for BloxBazaar$/m);
    expect(eml).toContain("PROMO-ABC123");

    const sent = cli("mail", "list", "--status", "sent");
    expect(sent.out).toContain(`sent     promo@mail.test  Your 20% off code for BloxBazaar  (${id})`);
    expect(sent.out).toContain(`mail list: 1 of 1 messages; the messages are .eml files in ${join(store.dir, "outbox")}`);
    const shown = cli("mail", "show", id);
    expect(shown.out).toContain("Status: sent (1 attempts)");
    expect(shown.out).toContain("    PROMO-ABC123");
    expect(cli("mail", "list", "--status", "lost")).toMatchObject({ code: 1, err: "mail list: --status must be pending, sent or failed" });
    expect(cli("mail", "show", "nope")).toMatchObject({ code: 1, err: "mail show: no message nope" });
  }, 240_000); // eight CLI processes, each loading the app (2-3 s of CPU apiece): more than the suite's 30 s on a busy machine
});
