import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { compiledOnce } from "#adapters/db/compiled-once.ts";
import { listCategories, listGames } from "#read-models/storefront/catalogue.queries.ts";
import { listProductPage, type ProductListFilter } from "#read-models/storefront/product-pages.queries.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const { app } = await createTestApp();
const { db } = app;

describe(`queries compiled once on ${TEST_DATABASE}`, () => {
  it("answer each run with that run's values, as the query built afresh would", async () => {
    const byGame = compiledOnce(["gameId"], (db, slot) => db.selectFrom("categories").select(["name"]).where("gameId", "=", slot.gameId).orderBy("name"));
    const games = await listGames(db);
    expect(games.length).toBeGreaterThan(1);
    for (const game of games) {
      const fresh = await db.selectFrom("categories").select(["name"]).where("gameId", "=", game.id).orderBy("name").execute();
      expect(await byGame(db, { gameId: game.id })).toEqual(fresh);
    }
  });

  it("keep the query's own constants beside the slots, in their places", async () => {
    const [game] = await listGames(db);
    const q = compiledOnce(["gameId", "limit"], (db, slot) =>
      db
        .selectFrom("products")
        .select(["name"])
        .where("featured", "=", 1)
        .where("gameId", "=", slot.gameId)
        .where("stock", ">=", 0)
        .orderBy("name")
        .limit(sql<number>`${slot.limit}`),
    );
    const fresh = await db
      .selectFrom("products")
      .select(["name"])
      .where("featured", "=", 1)
      .where("gameId", "=", game!.id)
      .where("stock", ">=", 0)
      .orderBy("name")
      .limit(1)
      .execute();
    expect(await q(db, { gameId: game!.id, limit: 1 })).toEqual(fresh);
  });

  it("run inside a transaction, which sees its own uncommitted writes", async () => {
    const [game] = await listGames(db);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("categories").values({ id: "compiled-once-test", gameId: game!.id, name: "Compiled once", displayOrder: 99 }).execute();
        expect((await listCategories(trx, game!.id)).map((c) => c.name)).toContain("Compiled once");
        throw new Error("roll back");
      })
      .catch((error: unknown) => expect(String(error)).toContain("roll back"));
    expect((await listCategories(db, game!.id)).map((c) => c.name)).not.toContain("Compiled once");
  });

  it("refuse a slot used inside a value, where its stand-in text would be sent instead", async () => {
    const q = compiledOnce(["text"], (db, slot) => db.selectFrom("games").select(["name"]).where("name", "like", `%${slot.text}%`));
    await expect(q(db, { text: "Blox" })).rejects.toThrow(/slot used inside a value/);
  });

  it("the catalogue's lists: every filter shape answers what it names", async () => {
    const [game] = await listGames(db);
    const listProducts = async (filter: ProductListFilter) => (await listProductPage(db, new Date(), filter, { offset: 0, limit: 1000 })).products;
    const all = await listProducts({});
    const ofGame = await listProducts({ gameId: game!.id });
    const featured = await listProducts({ featured: true });
    expect(ofGame.length).toBeGreaterThan(0);
    expect(ofGame.every((p) => p.gameId === game!.id)).toBe(true);
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((p) => p.featured === 1)).toBe(true);
    expect(all.length).toBeGreaterThan(ofGame.length);
    // The catalogue's order, sorted in JS: the game's displayOrder, then the product's, then its name.
    const gameOrder = new Map((await listGames(db)).map((g, i) => [g.id, i]));
    const rows = await db.selectFrom("products").select(["id", "gameId", "displayOrder", "name"]).execute();
    const expected = rows
      .sort(
        (a, b) => gameOrder.get(a.gameId)! - gameOrder.get(b.gameId)! || a.displayOrder - b.displayOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      )
      .map((r) => r.id);
    expect(all.map((p) => p.id)).toEqual(expected);
    expect(ofGame.map((p) => p.gameName)).toEqual(ofGame.map(() => game!.name));
    expect(ofGame.map((p) => p.gameSlug)).toEqual(ofGame.map(() => game!.slug));
    // `now` is a slot, not a constant of the first compile: attacks-hoarding.test.ts moves the clock
    // between lists and sees holds end (through /api/products, which answers with this function).
  });
});
