import { describe, expect, it } from "vitest";
import * as categoryById from "#src/pages/api/admin/categories/[id].ts";
import * as categoriesAdmin from "#src/pages/api/admin/categories/index.ts";
import * as categoriesReorder from "#src/pages/api/admin/categories/reorder.ts";
import * as gameById from "#src/pages/api/admin/games/[id].ts";
import * as gamesAdmin from "#src/pages/api/admin/games/index.ts";
import * as gamesReorder from "#src/pages/api/admin/games/reorder.ts";
import * as productDuplicate from "#src/pages/api/admin/products/[id]/duplicate.ts";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import * as productsAdmin from "#src/pages/api/admin/products/index.ts";
import * as productsReorder from "#src/pages/api/admin/products/reorder.ts";
import * as uploadLogo from "#src/pages/api/admin/upload-logo.ts";
import * as games from "#src/pages/api/games/index.ts";
import * as products from "#src/pages/api/products/index.ts";
import type { RouteHandler } from "#server/http.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { signedInShopper } from "./helpers/sign-in.ts";

const store = await createTestApp();
const shopper = await signedInShopper(store);
const [game] = (await store.call(games.GET, "/api/games")).body;
const [product] = (await store.call(products.GET, "/api/products", { query: { gameId: game.id } })).body;
const category = await store.app.db.selectFrom("categories").select("id").where("gameId", "=", game.id).executeTakeFirstOrThrow();
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

// Every admin endpoint with a body that would succeed for an administrator.
const endpoints: [string, RouteHandler | undefined, { method: string; params?: Record<string, string>; body?: unknown }][] = [
  ["POST /api/admin/games", gamesAdmin.POST, { method: "POST", body: { name: "Sneaky", slug: "sneaky" } }],
  ["PATCH /api/admin/games/{id}", gameById.PATCH, { method: "PATCH", params: { id: game.id }, body: { name: "Hacked" } }],
  ["DELETE /api/admin/games/{id}", gameById.DELETE, { method: "DELETE", params: { id: game.id } }],
  ["POST /api/admin/games/reorder", gamesReorder.POST, { method: "POST", body: { gameIds: [game.id] } }],
  ["POST /api/admin/upload-logo", uploadLogo.POST, { method: "POST", body: { base64Image: PNG, filename: "1.png" } }],
  ["POST /api/admin/categories", categoriesAdmin.POST, { method: "POST", body: { gameId: game.id, name: "Sneaky" } }],
  ["DELETE /api/admin/categories/{id}", categoryById.DELETE, { method: "DELETE", params: { id: category.id } }],
  ["POST /api/admin/categories/reorder", categoriesReorder.POST, { method: "POST", body: { categoryIds: [category.id] } }],
  [
    "POST /api/admin/products",
    productsAdmin.POST,
    { method: "POST", body: { name: "Sneaky", gameId: game.id, category: "X", price: "0.01", image: "/img/item/x.svg" } },
  ],
  ["PATCH /api/admin/products/{id}", productById.PATCH, { method: "PATCH", params: { id: product.id }, body: { price: "0.01" } }],
  ["DELETE /api/admin/products/{id}", productById.DELETE, { method: "DELETE", params: { id: product.id } }],
  ["POST /api/admin/products/{id}/duplicate", productDuplicate.POST, { method: "POST", params: { id: product.id }, body: {} }],
  ["POST /api/admin/products/reorder", productsReorder.POST, { method: "POST", body: { productIds: [product.id] } }],
];

async function snapshot() {
  const db = store.app.db;
  return {
    games: await db.selectFrom("games").selectAll().orderBy("id").execute(),
    categories: await db.selectFrom("categories").selectAll().orderBy("id").execute(),
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
  };
}

describe("admin catalogue API permissions", () => {
  it.each(endpoints)("%s answers 401 to guests and 403 to shoppers, changing nothing", async (_name, handler, options) => {
    const before = await snapshot();
    const guest = await store.call(handler, "/api/admin/x", options);
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ error: "Please log in to continue" });
    const refused = await shopper.call(handler, "/api/admin/x", options);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "Only administrators can do this" });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses guests before reading the body, so bad input still gets 401", async () => {
    expect((await store.call(gamesAdmin.POST, "/x", { rawBody: "{" })).status).toBe(401);
    expect((await shopper.call(productsAdmin.POST, "/x", { body: { nonsense: true } })).status).toBe(403);
  });
});
