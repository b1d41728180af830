import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as search from "#src/pages/api/products/search.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// The search index of migration 0026 is kept by the database's triggers: rows written by plain SQL
// (a bulk import, migrate-data, a fix by hand) are found like rows the admin panel writes.
const store = await createTestApp({ seed: false });
const { db } = store.app;
const names = async (q: string) => ((await store.call(search.GET, "/api/products/search", { query: { q } })).body as { name: string }[]).map((p) => p.name);

await sql`insert into games (id, slug, name, description, thumbnail, "displayOrder", "createdAt")
  values ('g-sea', 'sea-quest', 'Sea Quest', '', '', 0, '2026-01-01T00:00:00.000Z'),
         ('g-sky', 'sky-wars', 'Sky Wars', '', '', 1, '2026-01-01T00:00:00.000Z')`.execute(db);
const insertProduct = (id: string, gameId: string, name: string, category: string, order = 0) =>
  sql`insert into products (id, "gameId", name, category, description, image, "priceCents", stock, "displayOrder", "createdAt")
    values (${id}, ${gameId}, ${name}, ${category}, '', '/img/x.svg', 100, 5, ${order}, '2026-01-01T00:00:00.000Z')`.execute(db);

describe(`product search through the database's index on ${TEST_DATABASE}`, () => {
  it("finds a product inserted by plain SQL, by a prefix of each word, case-insensitively", async () => {
    await insertProduct("p-kraken", "g-sea", "Kraken Fruit", "Mythical");
    expect(await names("kraken")).toEqual(["Kraken Fruit"]);
    expect(await names("KRA")).toEqual(["Kraken Fruit"]);
    expect(await names("fru krak")).toEqual(["Kraken Fruit"]);
    // The category and the game's name are searched too.
    expect(await names("mythic")).toEqual(["Kraken Fruit"]);
    expect(await names("sea que")).toEqual(["Kraken Fruit"]);
    // Every word must match.
    expect(await names("kraken sword")).toEqual([]);
  });

  it("ranks a match in the name before a match in the category or the game", async () => {
    await insertProduct("p-storm-cat", "g-sky", "Cloud Blade", "Storm", 0);
    await insertProduct("p-storm-name", "g-sky", "Storm Bow", "Bows", 5);
    expect((await names("storm"))[0]).toBe("Storm Bow");
    expect(await names("storm")).toHaveLength(2);
  });

  it("follows renames, moves and deletes made by plain SQL, and ignores stock updates", async () => {
    await insertProduct("p-moving", "g-sea", "Anchor Charm", "Charms");
    await sql`update products set name = 'Harpoon Charm' where id = 'p-moving'`.execute(db);
    expect(await names("anchor")).toEqual([]);
    expect(await names("harpoon")).toEqual(["Harpoon Charm"]);
    await sql`update products set "gameId" = 'g-sky' where id = 'p-moving'`.execute(db);
    expect(await names("harpoon sky")).toEqual(["Harpoon Charm"]);
    await sql`update games set name = 'Cloud Kingdom' where id = 'g-sky'`.execute(db);
    expect(await names("harpoon kingdom")).toEqual(["Harpoon Charm"]);
    expect(await names("harpoon sky")).toEqual([]);
    await sql`update products set stock = 0 where id = 'p-moving'`.execute(db);
    expect(await names("harpoon")).toEqual(["Harpoon Charm"]);
    await sql`delete from products where id = 'p-moving'`.execute(db);
    expect(await names("harpoon")).toEqual([]);
  });

  it("treats quotes, operators and wildcards as separators, never as match syntax", async () => {
    for (const q of ['"', "*", "kraken*", "NOT kraken", "kraken OR", "%", "_", "'; drop table products; --", "a:* & b"]) {
      const res = await store.call(search.GET, "/api/products/search", { query: { q } });
      expect(res.status, q).toBe(200);
    }
    expect(await names('"kraken"')).toEqual(["Kraken Fruit"]);
    expect(await names("%")).toEqual([]);
  });

  it.runIf(TEST_DATABASE === "postgres")("on PostgreSQL with pg_trgm, a typo finds the name when no word matches", async () => {
    expect(await names("krakn")).toEqual(["Kraken Fruit"]);
    expect(await names("krakn sword")).toEqual([]);
  });

  it("answers at most 8 products for a one-letter prefix", async () => {
    for (let i = 0; i < 12; i++) await insertProduct(`p-many-${i}`, "g-sea", `Shell ${i}`, "Shells", i);
    const found = await names("s");
    expect(found).toHaveLength(8);
  });
});
