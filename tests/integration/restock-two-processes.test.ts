import { afterAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../support/smtp.ts";
import { product, setStock } from "./helpers/shoppers.ts";
import * as stockAlerts from "#src/pages/api/products/[id]/stock-alerts.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { deliverFromOneProcess, deliverFromTwoProcesses } from "./helpers/worker-process.ts";

// Back in stock across processes (issue 36): two separate app processes run their mail workers at
// the same moment on one database (on PostgreSQL in the pg pass), then a third starts afresh, as
// after a restart. A real SMTP server counts what arrives: each waiting address that the restock's
// units allow gets exactly one email, the earliest first; the others none.
const smtp = await startSmtpServer();
const env = { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <news@shop.test>" };
const store = await createTestApp({ env });
const { db } = store.app;
afterAll(() => smtp.close());

describe(`restock emails from two app processes on ${TEST_DATABASE}`, () => {
  it("emails each of the first waiting addresses exactly once between them, and a restarted process emails nobody again", { timeout: 180_000 }, async () => {
    const item = await product(store, "Leopard Fruit (Permanent)");
    await setStock(store, item.id, 0);
    const addresses = Array.from({ length: 30 }, (_, i) => `waiter${String(i).padStart(2, "0")}@mail.test`);
    for (const [i, email] of addresses.entries()) {
      const asked = await store.call(stockAlerts.POST, `/api/products/${item.id}/stock-alerts`, {
        method: "POST",
        params: { id: item.id },
        body: { email },
        ip: `198.51.100.${i + 1}`,
      });
      expect(asked.status).toBe(202);
    }
    const queue = await db.selectFrom("stock_alerts").select("email").where("productId", "=", item.id).orderBy("createdAt").orderBy("id").execute();
    const firstTwenty = queue.slice(0, 20).map((r) => r.email);

    // The restock: any path that raises the stock (here the database's own update, as a refund would).
    await setStock(store, item.id, 20);
    expect(await deliverFromTwoProcesses(store, "mail", env)).toBe(20);

    const restockMails = smtp.received.filter((m) => m.subject.endsWith("is back in stock"));
    expect(restockMails).toHaveLength(20);
    expect(restockMails.flatMap((m) => m.to).sort()).toEqual(firstTwenty.sort());

    // And one more process later: nothing new.
    expect(await deliverFromOneProcess(store, "mail", env)).toBe(0);
    expect(smtp.received.filter((m) => m.subject.endsWith("is back in stock"))).toHaveLength(20);
    const statuses = await db.selectFrom("stock_alerts").select(["status"]).where("productId", "=", item.id).execute();
    expect(statuses.filter((s) => s.status === "notified")).toHaveLength(20);
    expect(statuses.filter((s) => s.status === "waiting")).toHaveLength(10);
  });
});
