import { describe, expect, it } from "vitest";
import { databaseForMigration } from "./helpers/migration-database.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

const at = "2026-01-01T00:00:00.000Z";
const product = (id: string, priceCents: number, originalPriceCents: number | null) => ({
  id,
  gameId: "g1",
  name: id,
  category: "Fruits",
  description: "",
  image: "/img/item/x.svg",
  priceCents,
  originalPriceCents,
  stock: 5,
  displayOrder: 0,
  featured: 0,
  createdAt: at,
});

describe(`migration 0048-unreduced-original-prices on ${TEST_DATABASE}`, () => {
  it("clears the original prices at or below the price the editor used to save (issue 47), and keeps real reductions", async () => {
    const { db, migrateTo } = await databaseForMigration("shop-unreduced-prices");
    await migrateTo("0044-risk-analytics");
    await db
      .insertInto("games")
      .values({ id: "g1", slug: "blox-fruits", name: "Blox Fruits", description: "", thumbnail: "", displayOrder: 0, createdAt: at })
      .execute();
    await db
      .insertInto("products")
      .values([product("below", 999, 499), product("equal", 999, 999), product("reduced", 999, 1999), product("plain", 999, null)])
      .execute();

    await migrateTo("0048-unreduced-original-prices");

    const rows = await db.selectFrom("products").select(["id", "priceCents", "originalPriceCents"]).orderBy("id").execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, [Number(r.priceCents), r.originalPriceCents === null ? null : Number(r.originalPriceCents)]]))).toEqual({
      below: [999, null],
      equal: [999, null],
      reduced: [999, 1999],
      plain: [999, null],
    });
    await db.destroy();
  });
});
