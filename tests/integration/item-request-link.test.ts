import { describe, expect, it } from "vitest";
import { createItemRequestRepository } from "#adapters/repositories/item-request.repository.ts";
import { createStockAlertsUnitOfWork } from "#adapters/repositories/stock-alerts.repository.ts";
import { createUnitOfWork } from "#adapters/db/unit-of-work.ts";
import { createStockAlertRepository } from "#adapters/repositories/stock-alerts.repository.ts";
import { linkItemRequest } from "#domain/stock-alerts/link-item-request.ts";
import { findGameBySlug } from "#read-models/storefront/catalogue.queries.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Linking an item request to a product writes three things (the link, the waiting address, and for
// a product in stock the stock record the restock job reads): one transaction, all or nothing.
const { app } = await createTestApp();
const { db } = app;
const game = (await findGameBySlug(db, "blox-fruits"))!;
const product = await db.selectFrom("products").select(["id", "stock"]).where("gameId", "=", game.id).where("stock", ">", 0).executeTakeFirstOrThrow();
const clock = { now: () => new Date("2026-11-28T03:00:00.000Z") };
let n = 0;
const ids = { newId: () => `link-alert-${++n}` };

async function request(id: string) {
  await createItemRequestRepository(db).add(
    { id, gameId: game.id, itemName: "Asked", email: `${id}@shop.test`, description: "", createdAt: clock.now().toISOString() },
    "k",
  );
}
const state = async (id: string) => ({
  link: (await db.selectFrom("item_requests").select("productId").where("id", "=", id).executeTakeFirstOrThrow()).productId,
  alerts: (await db.selectFrom("stock_alerts").select("id").where("itemRequestId", "=", id).execute()).length,
  restocks: (await db.selectFrom("restock_events").select("productId").where("productId", "=", product.id).execute()).length,
});

describe("linkItemRequest on the database", () => {
  it("links, makes the address wait and records the stock, together", async () => {
    await request("link-ok");
    const before = await state("link-ok");
    await linkItemRequest({ itemRequestId: "link-ok", productId: product.id }, { linking: createStockAlertsUnitOfWork(db), clock, ids });
    expect(await state("link-ok")).toEqual({ link: product.id, alerts: 1, restocks: before.restocks + 1 });
  });

  it("keeps none of it when a later write fails: the request is not shown as linked with nobody waiting", async () => {
    await request("link-fails");
    const before = await state("link-fails");
    const failing = createUnitOfWork(db, (trx) => ({
      alerts: {
        ...createStockAlertRepository(trx),
        recordInStock: async () => {
          throw new Error("the stock record could not be written");
        },
      },
    }));
    await expect(linkItemRequest({ itemRequestId: "link-fails", productId: product.id }, { linking: failing, clock, ids })).rejects.toThrow(/stock record/);
    expect(await state("link-fails")).toEqual({ ...before, link: null, alerts: 0 });
  });
});
