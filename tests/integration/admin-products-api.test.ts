import { describe, expect, it } from "vitest";
import * as productDuplicate from "#src/pages/api/admin/products/[id]/duplicate.ts";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import * as productsAdmin from "#src/pages/api/admin/products/index.ts";
import * as productsReorder from "#src/pages/api/admin/products/reorder.ts";
import * as gameBySlug from "#src/pages/api/games/[slug].ts";
import * as publicProduct from "#src/pages/api/products/[id].ts";
import * as products from "#src/pages/api/products/index.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { signedInAdmin } from "./helpers/sign-in.ts";
import { ORIGINAL_PRICE_PROBLEM } from "#domain/catalogue/catalogue.errors.ts";

const store = await createTestApp();
const admin = await signedInAdmin(store);
const gameId = async (slug: string) => (await store.call(gameBySlug.GET, "/x", { params: { slug } })).body.id as string;
const doors = await gameId("doors");
const bloxFruits = await gameId("blox-fruits");
const idsOfGame = async (id: string) =>
  (await store.call(products.GET, "/api/products", { query: { gameId: id } })).body.map((p: { id: string }) => p.id) as string[];

const valid = { name: "Golden Key", gameId: doors, category: "Knobs", price: "12.99", image: "/img/item/golden-key.svg" };

async function create(body: Record<string, unknown> = {}) {
  const res = await admin.call(productsAdmin.POST, "/api/admin/products", { body: { ...valid, ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; displayOrder: number };
}

describe("POST /api/admin/products", () => {
  it("creates a product with the spec's fields (201) at the end of its game, shown by the storefront at once", async () => {
    const before = await idsOfGame(doors);
    const res = await admin.call(productsAdmin.POST, "/api/admin/products", {
      body: { ...valid, originalPrice: "19.99", description: " Opens everything ", stock: 7, featured: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Golden Key",
      gameId: doors,
      category: "Knobs",
      price: "12.99",
      originalPrice: "19.99",
      image: "/img/item/golden-key.svg",
      description: "Opens everything",
      stock: 7,
      featured: 1,
      displayOrder: expect.any(Number),
      requirements: [],
      deliveryMethod: "trade",
      // None of its own: the shop's promise (DELIVERY_SLA_MINUTES) applies.
      deliveryMinutes: null,
      robuxAmount: null,
    });
    expect(await idsOfGame(doors)).toEqual([...before, res.body.id]);
    const shown = (await store.call(publicProduct.GET, "/x", { params: { id: res.body.id } })).body;
    expect(shown).toMatchObject({ name: "Golden Key", price: "12.99", originalPrice: "19.99", stock: 7, featured: 1, gameSlug: "doors" });
  });

  it("applies the form's defaults: originalPrice null when empty, stock 100, featured 0", async () => {
    const res = await admin.call(productsAdmin.POST, "/api/admin/products", { body: { ...valid, originalPrice: "", featured: 0 } });
    expect(res.body).toMatchObject({ originalPrice: null, stock: 100, featured: 0, description: "" });
    const bare = await admin.call(productsAdmin.POST, "/api/admin/products", { body: { ...valid, originalPrice: null } });
    expect(bare.body).toMatchObject({ originalPrice: null, stock: 100, featured: 0 });
  });

  it.each([
    [{ name: " " }, "Product name is required"],
    [{ name: undefined }, /\bname\b/i],
    [{ category: "" }, "Category is required"],
    [{ image: "" }, "Image is required"],
    [{ image: "javascript:alert(1)" }, /\bimage\b/i],
    [{ price: "abc" }, /\bprice\b/i],
    [{ price: "-1.00" }, /\bprice\b/i],
    [{ price: "1.999" }, /\bprice\b/i],
    [{ originalPrice: "free" }, /^Original price: /],
    // Issue 47: an original price is the higher one it had before; below or equal it showed "$12.99 ~~$9.99~~".
    [{ originalPrice: "9.99" }, ORIGINAL_PRICE_PROBLEM],
    [{ originalPrice: "12.99" }, ORIGINAL_PRICE_PROBLEM],
    [{ stock: "abc" }, /\bstock\b/i],
    [{ stock: -1 }, /\bstock\b/i],
    [{ stock: 2.5 }, /\bstock\b/i],
    [{ stock: "lots" }, /\bstock\b/i],
    [{ featured: 2 }, /\bfeatured\b/i],
    [{ gameId: "ghost" }, "The chosen game does not exist"],
  ])("refuses %j with 400 and creates nothing", async (change, message) => {
    const before = await idsOfGame(doors);
    const res = await admin.call(productsAdmin.POST, "/api/admin/products", { body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await idsOfGame(doors)).toEqual(before);
  });
});

describe("PATCH /api/admin/products/{id}", () => {
  it("changes the given fields only, and the storefront shows the change at once", async () => {
    const product = await create();
    const res = await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: product.id }, body: { price: "9.50", stock: 0, featured: 0 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Golden Key", price: "9.50", stock: 0, featured: 0, category: "Knobs" });
    expect((await store.call(publicProduct.GET, "/x", { params: { id: product.id } })).body).toMatchObject({ price: "9.50", stock: 0 });
  });

  it("moves a product to another game, at the end of that game's products", async () => {
    const product = await create();
    const res = await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: product.id }, body: { gameId: bloxFruits, category: "Fruits" } });
    expect(res.status).toBe(200);
    expect((await idsOfGame(bloxFruits)).at(-1)).toBe(product.id);
    expect(await idsOfGame(doors)).not.toContain(product.id);
  });

  it("refuses a price raised to or above the original price (400), and keeps the product as it was (issue 47)", async () => {
    const product = await create({ originalPrice: "19.99" });
    const raised = await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: product.id }, body: { price: "24.99" } });
    expect(raised.status).toBe(400);
    expect(raised.body.error).toBe(ORIGINAL_PRICE_PROBLEM);
    expect((await store.call(publicProduct.GET, "/x", { params: { id: product.id } })).body).toMatchObject({ price: "12.99", originalPrice: "19.99" });
    // Clearing the original price with it is fine.
    const cleared = await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: product.id }, body: { price: "24.99", originalPrice: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ price: "24.99", originalPrice: null });
  });

  it("answers 404 for an unknown product and 400 for bad or empty changes", async () => {
    const product = await create();
    expect((await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: "ghost" }, body: { stock: 1 } })).status).toBe(404);
    expect((await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: product.id }, body: {} })).status).toBe(400);
    expect((await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: product.id }, body: { name: "" } })).status).toBe(400);
    expect((await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: product.id }, body: { gameId: "ghost" } })).status).toBe(400);
    expect((await store.call(publicProduct.GET, "/x", { params: { id: product.id } })).body.name).toBe("Golden Key");
  });
});

describe("POST /api/admin/products/{id}/duplicate", () => {
  it("copies the product under a new id with (Copy), at the end of its game (201)", async () => {
    const product = await create({ originalPrice: "20.00", featured: 1, stock: 3 });
    const res = await admin.call(productDuplicate.POST, "/x", { params: { id: product.id }, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Golden Key (Copy)", price: "12.99", originalPrice: "20.00", featured: 1, stock: 3, gameId: doors });
    expect(res.body.id).not.toBe(product.id);
    expect((await idsOfGame(doors)).at(-1)).toBe(res.body.id);
  });

  it("answers 404 for an unknown product", async () => {
    expect((await admin.call(productDuplicate.POST, "/x", { params: { id: "ghost" }, body: {} })).status).toBe(404);
  });
});

describe("DELETE /api/admin/products/{id}", () => {
  it("deletes the product (204): gone from the storefront at once; 404 the second time", async () => {
    const product = await create();
    const res = await admin.call(productById.DELETE, "/x", { method: "DELETE", params: { id: product.id } });
    expect(res.status).toBe(204);
    expect((await store.call(publicProduct.GET, "/x", { params: { id: product.id } })).status).toBe(404);
    expect(await idsOfGame(doors)).not.toContain(product.id);
    expect((await admin.call(productById.DELETE, "/x", { method: "DELETE", params: { id: product.id } })).status).toBe(404);
  });
});

describe("POST /api/admin/products/reorder", () => {
  it("ranks one game's products (204): the storefront lists them in that order", async () => {
    const ids = await idsOfGame(doors);
    const ranked = [ids.at(-1)!, ...ids.slice(0, -1)];
    const res = await admin.call(productsReorder.POST, "/x", { body: { productIds: ranked } });
    expect(res.status).toBe(204);
    expect(await idsOfGame(doors)).toEqual(ranked);
  });

  it("ranks the whole catalogue (All Games) when every product is listed", async () => {
    // The whole catalogue, page by page: /api/products answers at most 100 at a time (issue 33).
    const all: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await store.call(products.GET, "/api/products", { query: { limit: "100", offset: String(offset) } })).body as { id: string }[];
      all.push(...page.map((p) => p.id));
      if (page.length < 100) break;
    }
    const doorsIds = await idsOfGame(doors);
    const reversedDoors = [...doorsIds].reverse();
    const ranked = [...reversedDoors, ...all.filter((id) => !doorsIds.includes(id))];
    expect((await admin.call(productsReorder.POST, "/x", { body: { productIds: ranked } })).status).toBe(204);
    expect(await idsOfGame(doors)).toEqual(reversedDoors);
  });

  it("refuses a list that is not exactly the current set of the games it names, changing nothing", async () => {
    const ids = await idsOfGame(doors);
    const missing = await admin.call(productsReorder.POST, "/x", { body: { productIds: ids.slice(1) } });
    expect(missing.status).toBe(409);
    expect(missing.body.error).toMatch(/exactly the current products/);
    expect((await admin.call(productsReorder.POST, "/x", { body: { productIds: [...ids, "ghost"] } })).status).toBe(409);
    expect((await admin.call(productsReorder.POST, "/x", { body: { productIds: ["ghost"] } })).status).toBe(409);
    const bloxIds = await idsOfGame(bloxFruits);
    expect((await admin.call(productsReorder.POST, "/x", { body: { productIds: [...ids, bloxIds[0]] } })).status).toBe(409);
    expect((await admin.call(productsReorder.POST, "/x", { body: { productIds: [ids[1], ...ids.slice(1)] } })).status).toBe(400);
    expect((await admin.call(productsReorder.POST, "/x", { body: { productIds: [] } })).status).toBe(400);
    expect(await idsOfGame(doors)).toEqual(ids);
  });
});
