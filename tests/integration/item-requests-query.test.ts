import { describe, expect, it } from "vitest";
import { createItemRequestRepository } from "#adapters/repositories/item-request.repository.ts";
import { listItemRequests } from "#read-models/admin/item-requests.queries.ts";
import { findGameBySlug } from "#read-models/storefront/catalogue.queries.ts";
import { createTestApp } from "./helpers/test-app.ts";

// The admin list's query (its route is guarded by requireAdmin, which the auth issue provides).
const { app } = await createTestApp();

describe("listItemRequests (admin read model)", () => {
  it("lists requests newest first with the game's name and without the client key", async () => {
    const game = (await findGameBySlug(app.db, "doors"))!;
    const repo = createItemRequestRepository(app.db);
    const base = { gameId: game.id, email: "a@b.co", description: "" };
    await repo.add({ ...base, id: "r1", itemName: "Old", createdAt: "2026-11-20T10:00:00.000Z" }, "k");
    await repo.add({ ...base, id: "r2", itemName: "New", createdAt: "2026-11-21T10:00:00.000Z" }, "k");
    const list = await listItemRequests(app.db, { offset: 0, limit: 50 });
    expect(list.map((r) => r.itemName)).toEqual(["New", "Old"]);
    expect(list[0]).toEqual({
      id: "r2",
      gameId: game.id,
      gameName: "Doors",
      itemName: "New",
      email: "a@b.co",
      description: "",
      createdAt: "2026-11-21T10:00:00.000Z",
      // Not yet linked to a product by staff (issue 36's back in stock).
      productId: null,
      productName: null,
    });
    expect(Object.keys(list[0]!)).not.toContain("clientKey");
  });
});
