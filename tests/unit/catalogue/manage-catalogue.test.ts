import { beforeEach, describe, expect, it } from "vitest";
import { addCategory } from "#domain/catalogue/add-category.ts";
import { createGame } from "#domain/catalogue/create-game.ts";
import { createProduct } from "#domain/catalogue/create-product.ts";
import { deleteCategory } from "#domain/catalogue/delete-category.ts";
import { deleteGame } from "#domain/catalogue/delete-game.ts";
import { deleteProduct } from "#domain/catalogue/delete-product.ts";
import { duplicateProduct } from "#domain/catalogue/duplicate-product.ts";
import type { ProductFields } from "#domain/catalogue/product.ts";
import { renameCategory } from "#domain/catalogue/rename-category.ts";
import { reorderCategories } from "#domain/catalogue/reorder-categories.ts";
import { reorderGames } from "#domain/catalogue/reorder-games.ts";
import { reorderProducts } from "#domain/catalogue/reorder-products.ts";
import { updateGame } from "#domain/catalogue/update-game.ts";
import { updateProduct } from "#domain/catalogue/update-product.ts";
import { createInMemoryCatalogueAdmin } from "../../fakes/in-memory-catalogue-admin.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";

let catalogue: ReturnType<typeof createInMemoryCatalogueAdmin>;
let deps: { unitOfWork: typeof catalogue.unitOfWork; ids: ReturnType<typeof sequentialIds> };

beforeEach(() => {
  catalogue = createInMemoryCatalogueAdmin();
  deps = { unitOfWork: catalogue.unitOfWork, ids: sequentialIds() };
});

const newGame = (slug: string, name = slug) => createGame({ name, slug, description: "", thumbnail: "" }, deps);
const fields = (gameId: string, extra: Partial<ProductFields> = {}): ProductFields => ({
  name: "Dragon",
  gameId,
  category: "Fruits",
  description: "",
  image: "/img/item/dragon.svg",
  price: 1299,
  originalPrice: null,
  stock: 100,
  featured: false,
  ...extra,
});

describe("games", () => {
  it("adds games at the end of the list, with the placeholder picture when no logo was chosen", async () => {
    const a = await newGame("blox-fruits", "Blox Fruits");
    const b = await createGame({ name: "Doors", slug: "doors", description: "Hotel", thumbnail: "/uploads/logos/d.png" }, deps);
    expect(a).toEqual({
      id: "id-1",
      name: "Blox Fruits",
      slug: "blox-fruits",
      description: "",
      thumbnail: "/img/game/blox-fruits.svg",
      displayOrder: 0,
      requirements: [],
      deliveryMethod: "trade",
    });
    expect(b).toMatchObject({ displayOrder: 1, thumbnail: "/uploads/logos/d.png" });
  });

  it("refuses a slug another game has (conflict) and a malformed one (invalid), keeping nothing", async () => {
    await newGame("doors");
    await expect(newGame("doors", "Doors again")).rejects.toMatchObject({ kind: "conflict", code: "slug_taken" });
    await expect(newGame("Not A Slug")).rejects.toMatchObject({ kind: "invalid", code: "bad_slug" });
    await expect(newGame("ok-slug", "  ")).rejects.toMatchObject({ code: "game_name_required" });
    expect(catalogue.state.games).toHaveLength(1);
  });

  it("updates given fields only, allows keeping its own slug, refuses another's", async () => {
    const a = await newGame("doors", "Doors");
    await newGame("adopt-me");
    expect(await updateGame(a.id, { description: "New" }, deps)).toMatchObject({ name: "Doors", slug: "doors", description: "New" });
    expect(await updateGame(a.id, { slug: "doors", name: "Doors 2" }, deps)).toMatchObject({ name: "Doors 2" });
    await expect(updateGame(a.id, { slug: "adopt-me" }, deps)).rejects.toMatchObject({ kind: "conflict" });
    await expect(updateGame("ghost", { name: "x" }, deps)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("a blank logo on update falls back to the placeholder of the (new) slug", async () => {
    const a = await createGame({ name: "Doors", slug: "doors", description: "", thumbnail: "/uploads/logos/d.png" }, deps);
    expect((await updateGame(a.id, { slug: "doors-2", thumbnail: "" }, deps)).thumbnail).toBe("/img/game/doors-2.svg");
  });

  it("refuses to delete a game that still has products (409), then deletes it with its categories and closes the gap", async () => {
    const a = await newGame("a");
    const b = await newGame("b");
    const c = await newGame("c");
    await addCategory({ gameId: b.id, name: "Fruits" }, deps);
    const product = await createProduct(fields(b.id), deps);
    await expect(deleteGame(b.id, deps)).rejects.toMatchObject({ kind: "conflict", message: expect.stringContaining("1 product") });
    await deleteProduct(product.id, deps);
    await deleteGame(b.id, deps);
    expect(catalogue.state.games.map((g) => [g.id, g.displayOrder])).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expect(catalogue.state.categories).toEqual([]);
    await expect(deleteGame(b.id, deps)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("reorders games only with exactly the current set", async () => {
    const a = await newGame("a");
    const b = await newGame("b");
    await reorderGames([b.id, a.id], deps);
    expect(Object.fromEntries(catalogue.state.games.map((g) => [g.slug, g.displayOrder]))).toEqual({ a: 1, b: 0 });
    await expect(reorderGames([a.id], deps)).rejects.toMatchObject({ kind: "conflict" });
    await expect(reorderGames([a.id, b.id, "ghost"], deps)).rejects.toMatchObject({ kind: "conflict" });
    await expect(reorderGames([a.id, a.id], deps)).rejects.toMatchObject({ kind: "invalid" });
    expect(Object.fromEntries(catalogue.state.games.map((g) => [g.slug, g.displayOrder]))).toEqual({ a: 1, b: 0 });
  });
});

describe("categories", () => {
  it("adds trimmed names with displayOrder = the game's current count", async () => {
    const g = await newGame("g");
    expect(await addCategory({ gameId: g.id, name: "  Fruits " }, deps)).toMatchObject({ name: "Fruits", displayOrder: 0 });
    expect(await addCategory({ gameId: g.id, name: "Pets" }, deps)).toMatchObject({ displayOrder: 1 });
  });

  it("refuses an empty name, a name the game has in any case, and an unknown game", async () => {
    const g = await newGame("g");
    const other = await newGame("other");
    await addCategory({ gameId: g.id, name: "Fruits" }, deps);
    await expect(addCategory({ gameId: g.id, name: "   " }, deps)).rejects.toMatchObject({ kind: "invalid", code: "category_name_required" });
    await expect(addCategory({ gameId: g.id, name: " fruits" }, deps)).rejects.toMatchObject({ kind: "conflict", code: "category_exists" });
    await expect(addCategory({ gameId: "ghost", name: "Pets" }, deps)).rejects.toMatchObject({ kind: "invalid", code: "unknown_game" });
    // The same name in another game is fine.
    await expect(addCategory({ gameId: other.id, name: "Fruits" }, deps)).resolves.toMatchObject({ gameId: other.id });
  });

  it("deletes a category without products and renumbers the rest, so the count rule keeps holding", async () => {
    const g = await newGame("g");
    const fruits = await addCategory({ gameId: g.id, name: "Fruits" }, deps);
    await addCategory({ gameId: g.id, name: "Pets" }, deps);
    await deleteCategory(fruits.id, deps);
    expect(catalogue.state.categories.map((c) => [c.name, c.displayOrder])).toEqual([["Pets", 0]]);
    expect(await addCategory({ gameId: g.id, name: "Swords" }, deps)).toMatchObject({ displayOrder: 1 });
    await expect(deleteCategory(fruits.id, deps)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("refuses to delete a category its game's products are in (409)", async () => {
    const g = await newGame("g");
    const fruits = await addCategory({ gameId: g.id, name: "Fruits" }, deps);
    await createProduct(fields(g.id, { category: "Fruits" }), deps);
    await expect(deleteCategory(fruits.id, deps)).rejects.toMatchObject({ kind: "conflict", code: "category_has_products" });
  });

  it("renames a category and moves its game's products with it, and only that game's", async () => {
    const g = await newGame("g");
    const other = await newGame("other");
    const fruits = await addCategory({ gameId: g.id, name: "Fruits" }, deps);
    await addCategory({ gameId: other.id, name: "Fruits" }, deps);
    await createProduct(fields(g.id, { category: "Fruits" }), deps);
    await createProduct(fields(other.id, { category: "Fruits" }), deps);
    expect(await renameCategory(fruits.id, "  Devil Fruits ", deps)).toMatchObject({ id: fruits.id, name: "Devil Fruits", displayOrder: 0 });
    expect(catalogue.state.products.map((p) => [p.gameId, p.category])).toEqual([
      [g.id, "Devil Fruits"],
      [other.id, "Fruits"],
    ]);
    // A change of case alone is a rename too.
    expect(await renameCategory(fruits.id, "devil fruits", deps)).toMatchObject({ name: "devil fruits" });
  });

  it("refuses a rename to an empty name, to another category's name in any case, and of an unknown category", async () => {
    const g = await newGame("g");
    const fruits = await addCategory({ gameId: g.id, name: "Fruits" }, deps);
    await addCategory({ gameId: g.id, name: "Pets" }, deps);
    await expect(renameCategory(fruits.id, "  ", deps)).rejects.toMatchObject({ kind: "invalid", code: "category_name_required" });
    await expect(renameCategory(fruits.id, "pets", deps)).rejects.toMatchObject({ kind: "conflict", code: "category_exists" });
    await expect(renameCategory("ghost", "Swords", deps)).rejects.toMatchObject({ kind: "not_found" });
    expect(catalogue.state.categories.map((c) => c.name)).toEqual(["Fruits", "Pets"]);
  });

  it("reorders one game's categories only with exactly that game's set", async () => {
    const g = await newGame("g");
    const other = await newGame("other");
    const a = await addCategory({ gameId: g.id, name: "A" }, deps);
    const b = await addCategory({ gameId: g.id, name: "B" }, deps);
    const x = await addCategory({ gameId: other.id, name: "X" }, deps);
    await reorderCategories([b.id, a.id], deps);
    expect(catalogue.state.categories.filter((c) => c.gameId === g.id).map((c) => [c.name, c.displayOrder])).toEqual([
      ["A", 1],
      ["B", 0],
    ]);
    await expect(reorderCategories([a.id], deps)).rejects.toMatchObject({ kind: "conflict" });
    await expect(reorderCategories([a.id, b.id, x.id], deps)).rejects.toMatchObject({ kind: "conflict" });
    await expect(reorderCategories(["ghost"], deps)).rejects.toMatchObject({ kind: "conflict" });
  });
});

describe("products", () => {
  it("adds products at the end of their game's products", async () => {
    const g = await newGame("g");
    const first = await createProduct(fields(g.id), deps);
    const second = await createProduct(fields(g.id, { name: "Leopard" }), deps);
    expect([first.displayOrder, second.displayOrder]).toEqual([0, 1]);
    await expect(createProduct(fields("ghost"), deps)).rejects.toMatchObject({ kind: "invalid", code: "unknown_game" });
  });

  it("updates given fields; moving to another game puts it at that game's end", async () => {
    const g = await newGame("g");
    const h = await newGame("h");
    await createProduct(fields(h.id), deps);
    const p = await createProduct(fields(g.id), deps);
    expect(await updateProduct(p.id, { price: 999, originalPrice: 1299 }, deps)).toMatchObject({ price: 999, originalPrice: 1299, name: "Dragon" });
    expect(await updateProduct(p.id, { gameId: h.id }, deps)).toMatchObject({ gameId: h.id, displayOrder: 1 });
    await expect(updateProduct(p.id, { gameId: "ghost" }, deps)).rejects.toMatchObject({ code: "unknown_game" });
    await expect(updateProduct(p.id, { name: " " }, deps)).rejects.toMatchObject({ kind: "invalid" });
    await expect(updateProduct("ghost", { name: "x" }, deps)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("duplicates every field under a new id, marked (Copy), at the end", async () => {
    const g = await newGame("g");
    const p = await createProduct(fields(g.id, { featured: true, originalPrice: 1999, stock: 7, description: "Rare" }), deps);
    await createProduct(fields(g.id, { name: "Other" }), deps);
    const copy = await duplicateProduct(p.id, deps);
    expect(copy).toEqual({ ...p, id: copy.id, name: "Dragon (Copy)", displayOrder: 2 });
    expect(copy.id).not.toBe(p.id);
    await expect(duplicateProduct("ghost", deps)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("ranks one game's products, or the whole catalogue, only with exactly the current set", async () => {
    const g = await newGame("g");
    const h = await newGame("h");
    const [p1, p2, p3] = [await createProduct(fields(g.id), deps), await createProduct(fields(g.id), deps), await createProduct(fields(g.id), deps)];
    const q1 = await createProduct(fields(h.id), deps);
    await reorderProducts([p3.id, p1.id, p2.id], deps);
    expect(
      catalogue.state.products
        .filter((p) => p.gameId === g.id)
        .sort((a, b) => a.displayOrder - b.displayOrder)
        .map((p) => p.id),
    ).toEqual([p3.id, p1.id, p2.id]);
    // All Games: every product of every game.
    await reorderProducts([q1.id, p2.id, p1.id, p3.id], deps);
    expect(catalogue.state.products.find((p) => p.id === q1.id)?.displayOrder).toBe(0);

    await expect(reorderProducts([p1.id, p2.id], deps)).rejects.toMatchObject({ kind: "conflict" });
    await expect(reorderProducts([p1.id, p2.id, p3.id, "ghost"], deps)).rejects.toMatchObject({ kind: "conflict" });
    await expect(reorderProducts([p2.id, p3.id, q1.id, p2.id], deps)).rejects.toMatchObject({ kind: "invalid" });
    await expect(reorderProducts(["ghost"], deps)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("deletes a product; unknown id is 404", async () => {
    const g = await newGame("g");
    const p = await createProduct(fields(g.id), deps);
    await deleteProduct(p.id, deps);
    expect(catalogue.state.products).toEqual([]);
    await expect(deleteProduct(p.id, deps)).rejects.toMatchObject({ kind: "not_found" });
  });
});
