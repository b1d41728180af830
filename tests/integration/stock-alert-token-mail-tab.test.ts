import { afterAll, describe, expect, it } from "vitest";
import * as adminMail from "#src/pages/api/admin/mail/index.ts";
import * as adminMailMessage from "#src/pages/api/admin/mail/[id].ts";
import * as mailPreview from "#src/pages/api/admin/mail/[id]/preview.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as stockAlerts from "#src/pages/api/products/[id]/stock-alerts.ts";
import * as unsubscribe from "#src/pages/api/stock-alerts/unsubscribe.ts";
import { randomUUID } from "node:crypto";
import type { Tx } from "#adapters/db/database.ts";
import { createMailOutbox } from "#adapters/mail/mail-outbox.repository.ts";
import { queueRestockEmails } from "#adapters/mail/restock-notices.ts";
import { linkIn, startSmtpServer } from "../support/smtp.ts";
import { joinStaff } from "./helpers/accounts.ts";
import { PASSWORD, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

// Issue 36: the restock email's unsubscribe token belongs to the shopper's mailbox alone. Staff who
// may read the Mail tab (the `mail` permission: owners; managers do not have it, issue 32) see the
// message with its links cut to their path, in the JSON and in the HTML preview alike, before and
// after it is sent, so no staff member can unsubscribe a shopper (or learn the token) from the panel.
const smtp = await startSmtpServer();
const store = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <news@shop.test>" } });
const owner = await signInAdmin(store);
afterAll(() => smtp.close());

async function staffSignedIn(email: string, role: "owner" | "manager") {
  await signIn(store, email);
  await joinStaff(store, owner, email, role, PASSWORD);
  const browser = store.client();
  expect((await browser.call(adminLogin.POST, "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);
  return browser;
}

/** Every 12-character piece of the token: a link wrapped over two lines must not leave half of it either. */
const piecesOf = (token: string) => Array.from({ length: token.length - 11 }, (_, i) => token.slice(i, i + 12));

describe("the restock email in the Mail tab", () => {
  it("shows staff with the mail permission no unsubscribe token, in the JSON or the preview; a manager gets neither", async () => {
    const coOwner = await staffSignedIn("co-owner@shop.test", "owner");
    const manager = await staffSignedIn("manager@shop.test", "manager");
    const item = await product(store, "Huge Cat");
    await setStock(store, item.id, 0);
    const asked = await store.call(stockAlerts.POST, `/api/products/${item.id}/stock-alerts`, {
      params: { id: item.id },
      body: { email: "waiter@mail.test" },
      ip: "198.51.100.77",
    });
    expect(asked.status).toBe(202);
    await setStock(store, item.id, 3);

    const shown = async () => {
      const listed = await coOwner.call(adminMail.GET, "/api/admin/mail", { query: { to: "waiter@mail.test" } });
      expect(listed.status).toBe(200);
      const id = (listed.body.messages as { id: string; template: string }[]).find((m) => m.template === "back_in_stock")!.id;
      const json = await coOwner.call(adminMailMessage.GET, "/x", { params: { id } });
      const preview = await coOwner.call(mailPreview.GET, "/x", { params: { id } });
      expect(json.status).toBe(200);
      expect(preview.status).toBe(200);
      expect((await manager.call(adminMailMessage.GET, "/x", { params: { id } })).status).toBe(403);
      expect((await manager.call(mailPreview.GET, "/x", { params: { id } })).status).toBe(403);
      return { listed: JSON.stringify(listed.body), json: JSON.stringify(json.body), preview: String(preview.body) };
    };

    const expectNoToken = (shownNow: Record<string, string>, token: string) => {
      for (const [where, text] of Object.entries(shownNow)) {
        for (const piece of piecesOf(token)) expect(text.includes(piece), `${where} holds part of the token`).toBe(false);
        expect(text, where).not.toContain("token=");
      }
      // The link is still there for staff to recognise, cut to its path.
      expect(shownNow["json"]).toContain("/stock-alerts/unsubscribe");
      expect(shownNow["preview"]).toContain("/stock-alerts/unsubscribe");
    };

    // Queued, not sent yet (the restock job alone, without the sending): the panel renders it from its facts, which hold the token.
    const outbox = (trx: Tx) => createMailOutbox(trx, { ids: { newId: () => randomUUID() }, clock: store.app.clock, shopName: "BloxBazaar" });
    expect(await queueRestockEmails(store.app.db, { now: store.app.clock.now(), outbox })).toBe(1);
    const queued = await store.app.db
      .selectFrom("mail_outbox")
      .select("data")
      .where("recipient", "=", "waiter@mail.test")
      .where("template", "=", "back_in_stock")
      .executeTakeFirstOrThrow();
    const token = (JSON.parse(queued.data) as { token: string }).token;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expectNoToken(await shown(), token);

    // Sent: the same, and the token in the shopper's mailbox is that one.
    await store.app.mail.worker.drain();
    const [mail] = smtp.to("waiter@mail.test");
    expect(new URL(linkIn(mail!, `${PUBLIC_URL}/stock-alerts/unsubscribe?token=`)).searchParams.get("token")).toBe(token);
    expectNoToken(await shown(), token);

    // And the token is the shopper's: it still works from the mailbox.
    expect((await store.client().call(unsubscribe.POST, "/api/stock-alerts/unsubscribe", { body: { token } })).status).toBe(200);
  });
});
