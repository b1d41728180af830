import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { priceNowSql, salePriceSql } from "#adapters/db/sale-price-sql.ts";
import { MAX_SALE_PERCENT, priceNow, salePriceOf, type SalePricing } from "#domain/shop-facts/sale-price.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// The sale price rule has one definition, salePriceOf in domain/shop-facts/sale-price.ts; the game
// page's price range and price sort compare its mirror in SQL (adapters/db/sale-price-sql.ts), so
// the database cuts pages by the cents the cards show. This holds the two to the same cents, on the
// database the run uses: every percentage a sale may have (and a few past it) over every price up to
// $12, the prices where the rounding and the 1-cent floor turn, and a seeded sample up to the
// largest price PostgreSQL's integer column holds.

const { app } = await createTestApp();
const { db } = app;

/** A small seeded generator (mulberry32): the same sample on every run, so a failure repeats. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INT_MAX = 2_147_483_647;
const random = seeded(36);
const PRICES = [
  ...Array.from({ length: 1201 }, (_, i) => i),
  ...[1999, 2000, 2001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_001, INT_MAX - 1, INT_MAX],
  ...Array.from({ length: 300 }, () => Math.floor(random() * INT_MAX)),
  ...Array.from({ length: 300 }, () => Math.floor(random() * 100_000)),
];
const PERCENTS = Array.from({ length: MAX_SALE_PERCENT + 9 }, (_, i) => i + 1);

/** salePriceSql over every (price, percent) pair of `prices`, one statement: the prices as a union of bound values. */
async function salePricesInSql(prices: number[]): Promise<{ price: number; percent: number; sale: number }[]> {
  const priceRows = sql.join(
    prices.map((p) => sql`select cast(${p} as integer) as price`),
    sql` union all `,
  );
  const percentRows = sql.join(
    PERCENTS.map((k) => sql`select cast(${k} as integer) as percent`),
    sql` union all `,
  );
  const { rows } = await sql<{ price: number | string; percent: number | string; sale: number | string }>`
    select prices.price, percents.percent, ${salePriceSql(sql.ref("prices.price"), sql.ref("percents.percent"))} as sale
    from (${priceRows}) as prices cross join (${percentRows}) as percents`.execute(db);
  return rows.map((r) => ({ price: Number(r.price), percent: Number(r.percent), sale: Number(r.sale) }));
}

describe(`the sale price in SQL on ${TEST_DATABASE}`, () => {
  it("is salePriceOf's cents for every percentage over every price up to $12, the turning points and a seeded sample", async () => {
    const disagreements: string[] = [];
    let checked = 0;
    // A few hundred prices a statement: SQLite binds at most 32,766 values, PostgreSQL 65,535.
    for (let i = 0; i < PRICES.length; i += 400) {
      for (const { price, percent, sale } of await salePricesInSql(PRICES.slice(i, i + 400))) {
        checked++;
        if (sale !== salePriceOf(price, percent)) disagreements.push(`${price} at ${percent}%: SQL ${sale}, domain ${salePriceOf(price, percent)}`);
      }
    }
    expect(checked).toBe(PRICES.length * PERCENTS.length);
    expect(disagreements.slice(0, 20)).toEqual([]);
  });

  it("takes the percentage as a bound number too (an integer, whatever the driver binds)", async () => {
    for (const [price, percent] of [
      [999, 15],
      [1, 90],
      [3, 34],
      [INT_MAX, 90],
    ] as const) {
      const { rows } = await sql<{ sale: number | string }>`select ${salePriceSql(sql`cast(${price} as integer)`, percent)} as sale`.execute(db);
      expect(Number(rows[0]!.sale), `${price} at ${percent}%`).toBe(salePriceOf(price, percent));
    }
  });

  it("prices each product as priceNow does: the sale's for the games and products it names, the regular price for the rest", async () => {
    const products = await db.selectFrom("products").select(["id", "gameId", "priceCents"]).orderBy("id").execute();
    const games = [...new Set(products.map((p) => p.gameId))];
    expect(games.length).toBeGreaterThan(2);
    const named = products.filter((p, i) => p.gameId !== games[0] && i % 5 === 0).map((p) => p.id);
    const sales: SalePricing[] = [
      { percentOff: 15, gameIds: new Set([games[0]!]), productIds: new Set(named) },
      { percentOff: 90, gameIds: new Set(), productIds: new Set(named) },
      { percentOff: 33, gameIds: new Set(games.slice(1)), productIds: new Set() },
    ];
    for (const sale of [...sales, null]) {
      const rows = await db
        .selectFrom("products as p")
        .select(["p.id", "p.gameId", "p.priceCents", priceNowSql(sale, { price: "p.priceCents", id: "p.id", gameId: "p.gameId" }).as("paid")])
        .orderBy("p.id")
        .execute();
      const expected = rows.map((p) => [p.id, priceNow(sale, { id: p.id, gameId: p.gameId, price: p.priceCents }).price]);
      expect(rows.map((p) => [p.id, Number(p.paid)])).toEqual(expected);
      if (sale) expect(rows.some((p) => Number(p.paid) < p.priceCents)).toBe(true);
    }
  });
});
