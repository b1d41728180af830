import { expect } from "vitest";
import { testMigration } from "./helpers/migration-database.ts";

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

testMigration(
  "0048-unreduced-original-prices",
  "clears the original prices at or below the price the editor used to save (issue 47), and keeps real reductions",
  {
    from: "0044-risk-analytics",
    rows: {
      games: [{ id: "g1", slug: "blox-fruits", name: "Blox Fruits", description: "", thumbnail: "", displayOrder: 0, createdAt: at }],
      products: [product("below", 999, 499), product("equal", 999, 999), product("reduced", 999, 1999), product("plain", 999, null)],
    },
  },
  async (db) => {
    const rows = await db.selectFrom("products").select(["id", "priceCents", "originalPriceCents"]).orderBy("id").execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, [Number(r.priceCents), r.originalPriceCents === null ? null : Number(r.originalPriceCents)]]))).toEqual({
      below: [999, null],
      equal: [999, null],
      reduced: [999, 1999],
      plain: [999, null],
    });
  },
);
