import { describe, expect, it } from "vitest";
import * as categoryById from "#src/pages/api/admin/categories/[id].ts";
import * as categoriesAdmin from "#src/pages/api/admin/categories/index.ts";
import * as categoriesReorder from "#src/pages/api/admin/categories/reorder.ts";
import * as gameById from "#src/pages/api/admin/games/[id].ts";
import * as gamesAdmin from "#src/pages/api/admin/games/index.ts";
import * as gamesReorder from "#src/pages/api/admin/games/reorder.ts";
import * as productsAdmin from "#src/pages/api/admin/products/index.ts";
import * as categories from "#src/pages/api/categories.ts";
import * as gameBySlug from "#src/pages/api/games/[slug].ts";
import * as games from "#src/pages/api/games/index.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { signedInAdmin } from "./helpers/sign-in.ts";

const store = await createTestApp();
const admin = await signedInAdmin(store);

let counter = 0;
async function newGame(extra: Record<string, unknown> = {}) {
  const slug = `test-game-${++counter}`;
  const res = await admin.call(gamesAdmin.POST, "/api/admin/games", { body: { name: `Test Game ${counter}`, slug, ...extra } });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string; name: string; thumbnail: string; displayOrder: number };
}
const gameIdsInOrder = async () => (await store.call(games.GET, "/api/games")).body.map((g: { id: string }) => g.id) as string[];
const categoryNames = async (gameId: string) =>
  (await store.call(categories.GET, "/api/categories", { query: { gameId } })).body.map((c: { name: string; displayOrder: number }) => [
    c.name,
    c.displayOrder,
  ]);

describe("POST /api/admin/games", () => {
  it("saves a game's requirements and delivery method, shown in the game answer; refuses malformed ones (issue 49)", async () => {
    const created = await admin.call(gamesAdmin.POST, "/api/admin/games", {
      body: {
        name: "Grow Garden",
        slug: "grow-garden-terms",
        deliveryMethod: "gift",
        requirements: [{ code: "garden-level-5", text: " Level 5 or more ", url: "" }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ deliveryMethod: "gift", requirements: [{ code: "garden-level-5", text: "Level 5 or more" }] });
    const shown = await store.call(gameBySlug.GET, "/api/games/grow-garden-terms", { params: { slug: "grow-garden-terms" } });
    expect(shown.body).toMatchObject({ deliveryMethod: "gift", requirements: [{ code: "garden-level-5", text: "Level 5 or more" }] });
    for (const body of [
      { deliveryMethod: "teleport" },
      { requirements: [{ code: "Not A Code", text: "x" }] },
      { requirements: [{ code: "a", text: "x", url: "javascript:alert(1)" }] },
      { requirements: "none" },
    ]) {
      const refused = await admin.call(gameById.PATCH, `/api/admin/games/${created.body.id}`, { method: "PATCH", params: { id: created.body.id }, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("creates a game at the end of the list (201) that the storefront shows at once", async () => {
    const before = await gameIdsInOrder();
    const res = await admin.call(gamesAdmin.POST, "/api/admin/games", {
      body: { name: " Tower Legends ", slug: "tower-legends", description: "Towers", thumbnail: "/uploads/logos/abc.png" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Tower Legends",
      slug: "tower-legends",
      description: "Towers",
      thumbnail: "/uploads/logos/abc.png",
      displayOrder: before.length,
      requirements: [],
      deliveryMethod: "trade",
    });
    expect(await gameIdsInOrder()).toEqual([...before, res.body.id]);
    expect((await store.call(gameBySlug.GET, "/api/games/tower-legends", { params: { slug: "tower-legends" } })).body.name).toBe("Tower Legends");
  });

  it("uses the placeholder picture when no logo was chosen", async () => {
    const game = await newGame();
    expect(game.thumbnail).toBe(`/img/game/${game.slug}.svg`);
  });

  it("refuses a slug another game has with 409", async () => {
    const res = await admin.call(gamesAdmin.POST, "/api/admin/games", { body: { name: "Copycat", slug: "blox-fruits" } });
    expect(res.status).toBe(409);
    const taken = 'Another game already uses the slug "blox-fruits"';
    expect(res.body).toEqual({ error: taken, fields: { slug: taken } });
  });

  it.each([
    [{ slug: "no-name" }, /\bname\b/i],
    [{ name: "  ", slug: "blank-name" }, /Game name is required/],
    [{ name: "Bad slug" }, /\bslug\b/i],
    [{ name: "Bad slug", slug: "Bad Slug!" }, /lower-case letters, digits and single hyphens/],
    [{ name: "Bad slug", slug: "../admin" }, /lower-case letters/],
    [{ name: "Script logo", slug: "script-logo", thumbnail: "javascript:alert(1)" }, /\bthumbnail\b/i],
    [{ name: "Protocol-relative", slug: "proto-rel", thumbnail: "//evil.example/x.png" }, /\bthumbnail\b/i],
    [{ name: "x".repeat(101), slug: "long-name" }, /\bname\b/i],
  ])("refuses %j with 400 and changes nothing", async (body, message) => {
    const before = await gameIdsInOrder();
    const res = await admin.call(gamesAdmin.POST, "/api/admin/games", { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await gameIdsInOrder()).toEqual(before);
  });

  it("answers malformed JSON with 400", async () => {
    expect((await admin.call(gamesAdmin.POST, "/api/admin/games", { rawBody: "{" })).status).toBe(400);
  });
});

describe("PATCH /api/admin/games/{id}", () => {
  it("changes the given fields and the storefront follows the new slug", async () => {
    const game = await newGame();
    const res = await admin.call(gameById.PATCH, "/x", { method: "PATCH", params: { id: game.id }, body: { name: "Renamed", slug: `${game.slug}-new` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: game.id, name: "Renamed", slug: `${game.slug}-new`, displayOrder: game.displayOrder });
    expect((await store.call(gameBySlug.GET, "/x", { params: { slug: game.slug } })).status).toBe(404);
    expect((await store.call(gameBySlug.GET, "/x", { params: { slug: `${game.slug}-new` } })).body.name).toBe("Renamed");
  });

  it("answers 404 for an unknown game, 409 for a taken slug, 400 for nothing to change", async () => {
    const game = await newGame();
    expect((await admin.call(gameById.PATCH, "/x", { method: "PATCH", params: { id: "ghost" }, body: { name: "x" } })).status).toBe(404);
    expect((await admin.call(gameById.PATCH, "/x", { method: "PATCH", params: { id: game.id }, body: { slug: "doors" } })).status).toBe(409);
    const empty = await admin.call(gameById.PATCH, "/x", { method: "PATCH", params: { id: game.id }, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/Nothing to change/);
  });
});

describe("DELETE /api/admin/games/{id}", () => {
  it("refuses with 409 while the game has products, and deletes it (204) with its categories once empty", async () => {
    const game = await newGame();
    await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "Swords" } });
    const product = await admin.call(productsAdmin.POST, "/x", {
      body: { name: "Blade", gameId: game.id, category: "Swords", price: "1.00", image: "/img/item/blade.svg" },
    });
    expect(product.status).toBe(201);

    const refused = await admin.call(gameById.DELETE, "/x", { method: "DELETE", params: { id: game.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("This game still has 1 product. Delete or move them to another game first.");
    expect(await gameIdsInOrder()).toContain(game.id);

    await store.app.db.deleteFrom("products").where("gameId", "=", game.id).execute();
    const before = await gameIdsInOrder();
    const res = await admin.call(gameById.DELETE, "/x", { method: "DELETE", params: { id: game.id } });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const after = await gameIdsInOrder();
    expect(after).toEqual(before.filter((id) => id !== game.id));
    expect(await categoryNames(game.id)).toEqual([]);
    // The others close the gap: orders stay 0..n-1.
    expect((await store.call(games.GET, "/api/games")).body.map((g: { displayOrder: number }) => g.displayOrder)).toEqual(after.map((_, i) => i));
    expect((await admin.call(gameById.DELETE, "/x", { method: "DELETE", params: { id: game.id } })).status).toBe(404);
  });
});

describe("POST /api/admin/games/reorder", () => {
  it("puts the games in the given order (204)", async () => {
    const ids = await gameIdsInOrder();
    const reversed = [...ids].reverse();
    const res = await admin.call(gamesReorder.POST, "/x", { body: { gameIds: reversed } });
    expect(res.status).toBe(204);
    expect(await gameIdsInOrder()).toEqual(reversed);
    await admin.call(gamesReorder.POST, "/x", { body: { gameIds: ids } });
  });

  it("refuses a list that is not exactly the current games and changes nothing", async () => {
    const ids = await gameIdsInOrder();
    const missing = await admin.call(gamesReorder.POST, "/x", { body: { gameIds: ids.slice(1) } });
    expect(missing.status).toBe(409);
    expect(missing.body.error).toMatch(/exactly the current games/);
    expect((await admin.call(gamesReorder.POST, "/x", { body: { gameIds: [...ids, "ghost"] } })).status).toBe(409);
    expect((await admin.call(gamesReorder.POST, "/x", { body: { gameIds: [ids[1], ...ids.slice(1)] } })).status).toBe(400);
    expect((await admin.call(gamesReorder.POST, "/x", { body: { gameIds: [] } })).status).toBe(400);
    expect((await admin.call(gamesReorder.POST, "/x", { body: { gameIds: "all" } })).status).toBe(400);
    expect(await gameIdsInOrder()).toEqual(ids);
  });
});

describe("categories: POST /api/admin/categories, DELETE /{id}, POST /reorder", () => {
  it("adds trimmed categories at the end, whatever displayOrder the client proposes (201)", async () => {
    const game = await newGame();
    const first = await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "  Swords ", displayOrder: 0 } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), gameId: game.id, name: "Swords", displayOrder: 0 });
    const second = await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "Pets", displayOrder: 99 } });
    expect(second.body.displayOrder).toBe(1);
    expect(await categoryNames(game.id)).toEqual([
      ["Swords", 0],
      ["Pets", 1],
    ]);
  });

  it("refuses an empty name (400), a name the game has in any case (409) and an unknown game (400)", async () => {
    const game = await newGame();
    await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "Pets" } });
    const blank = await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Category name is required");
    const dup = await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "pets " } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('The category "pets" already exists for this game');
    expect((await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: "ghost", name: "Pets" } })).status).toBe(400);
    expect((await admin.call(categoriesAdmin.POST, "/x", { body: { name: "Pets" } })).status).toBe(400);
    expect(await categoryNames(game.id)).toEqual([["Pets", 0]]);
  });

  it("deletes a category (204) and renumbers the rest; refuses one with products (409); 404 when unknown", async () => {
    const game = await newGame();
    const ids: string[] = [];
    for (const name of ["A", "B", "C"]) ids.push((await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name } })).body.id);
    expect((await admin.call(categoryById.DELETE, "/x", { method: "DELETE", params: { id: ids[0]! } })).status).toBe(204);
    expect(await categoryNames(game.id)).toEqual([
      ["B", 0],
      ["C", 1],
    ]);

    await admin.call(productsAdmin.POST, "/x", { body: { name: "Thing", gameId: game.id, category: "B", price: "1", image: "/img/item/t.svg" } });
    const refused = await admin.call(categoryById.DELETE, "/x", { method: "DELETE", params: { id: ids[1]! } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/still has 1 product/);
    expect((await admin.call(categoryById.DELETE, "/x", { method: "DELETE", params: { id: ids[0]! } })).status).toBe(404);
  });

  it("renames a category with its products (200); 400 for a blank name, 409 for a taken one, 404 when unknown", async () => {
    const game = await newGame();
    const swords = (await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "Swords" } })).body;
    await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name: "Pets" } });
    const product = (
      await admin.call(productsAdmin.POST, "/x", { body: { name: "Katana", gameId: game.id, category: "Swords", price: "1", image: "/img/item/k.svg" } })
    ).body;

    const renamed = await admin.call(categoryById.PATCH, "/x", { method: "PATCH", params: { id: swords.id }, body: { name: " Blades " } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: swords.id, gameId: game.id, name: "Blades", displayOrder: 0 });
    expect(await categoryNames(game.id)).toEqual([
      ["Blades", 0],
      ["Pets", 1],
    ]);
    const products = (await admin.call(productsAdmin.GET, "/x", { query: { gameId: game.id } })).body as { id: string; category: string }[];
    expect(products.find((p) => p.id === product.id)?.category).toBe("Blades");

    expect((await admin.call(categoryById.PATCH, "/x", { method: "PATCH", params: { id: swords.id }, body: { name: "  " } })).status).toBe(400);
    const taken = await admin.call(categoryById.PATCH, "/x", { method: "PATCH", params: { id: swords.id }, body: { name: "pets" } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'The category "pets" already exists for this game' });
    expect((await admin.call(categoryById.PATCH, "/x", { method: "PATCH", params: { id: "ghost" }, body: { name: "X" } })).status).toBe(404);
    expect((await admin.call(categoryById.PATCH, "/x", { method: "PATCH", params: { id: swords.id }, body: {} })).status).toBe(400);
    expect(await categoryNames(game.id)).toEqual([
      ["Blades", 0],
      ["Pets", 1],
    ]);
  });

  it("reorders a game's categories (204) only with exactly its set", async () => {
    const game = await newGame();
    const other = await newGame();
    const ids: string[] = [];
    for (const name of ["A", "B", "C"]) ids.push((await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: game.id, name } })).body.id);
    const foreign = (await admin.call(categoriesAdmin.POST, "/x", { body: { gameId: other.id, name: "X" } })).body.id;

    expect((await admin.call(categoriesReorder.POST, "/x", { body: { categoryIds: [ids[2], ids[0], ids[1]] } })).status).toBe(204);
    expect(await categoryNames(game.id)).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);

    expect((await admin.call(categoriesReorder.POST, "/x", { body: { categoryIds: [ids[0], ids[1]] } })).status).toBe(409);
    expect((await admin.call(categoriesReorder.POST, "/x", { body: { categoryIds: [...ids, foreign] } })).status).toBe(409);
    expect((await admin.call(categoriesReorder.POST, "/x", { body: { categoryIds: [ids[0], ids[0], ids[1]] } })).status).toBe(400);
    expect((await admin.call(categoriesReorder.POST, "/x", { body: {} })).status).toBe(400);
    expect(await categoryNames(game.id)).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
  });
});
