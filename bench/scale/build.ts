// Writes the grown shop into a database the real store has migrated and seeded (bench/scale.ts
// starts it for that, so the administrator and the loyal shopper's account are made by the store
// itself): reads what the store made, inserts generateShop's rows in bulk (adapters/db/insert-rows.ts,
// one transaction per simulated day), brings the shoppers' point balances to their ledgers' sums,
// and leaves the projections to `npm run cli -- projections rebuild`.
import { sql } from "kysely";
import type { Db } from "../../adapters/db/database.ts";
import { insertRows, type RowsInsert } from "../../adapters/db/insert-rows.ts";
import { generateShop, type Row, type ShopBase, type ShopGame } from "./generate.ts";
import type { ScaleSizes } from "./sizes.ts";

export const LOYAL_ROBLOX_NAME = "LoyalBuilder2000";

/** What the store made (demo catalogue, administrator, the loyal shopper's registration), for the generator. */
export async function readShopBase(
  db: Db,
  input: { now: Date; adminEmail: string; loyalEmail: string; seed: number; compensationPoints: number; slaMinutes: number },
): Promise<ShopBase> {
  const admin = await db.selectFrom("user").select("id").where("email", "=", input.adminEmail).executeTakeFirstOrThrow();
  const loyalUser = await db.selectFrom("user").selectAll().where("email", "=", input.loyalEmail).executeTakeFirstOrThrow();
  const account = await db
    .selectFrom("account")
    .selectAll()
    .where("userId", "=", loyalUser.id)
    .where("providerId", "=", "credential")
    .executeTakeFirstOrThrow();
  const consent = (await db.selectFrom("consent_records").selectAll().where("userId", "=", loyalUser.id).executeTakeFirst()) ?? null;
  const games = await db.selectFrom("games").select(["id", "slug", "name"]).orderBy("displayOrder").execute();
  const categories = await db.selectFrom("categories").select(["gameId", "name"]).orderBy("displayOrder").execute();
  const products = await db.selectFrom("products").select(["id", "gameId", "name", "priceCents", "image", "displayOrder"]).execute();
  const shopGames: ShopGame[] = games.map((game) => {
    const own = products.filter((p) => p.gameId === game.id);
    return {
      ...game,
      categories: categories.filter((c) => c.gameId === game.id).map((c) => c.name),
      images: [...new Set(own.map((p) => p.image).filter(Boolean))],
      productCount: own.length,
      nextDisplayOrder: own.reduce((max, p) => Math.max(max, p.displayOrder + 1), 0),
    };
  });
  return {
    now: input.now,
    adminId: admin.id,
    loyal: { id: loyalUser.id, email: loyalUser.email, robloxUsername: LOYAL_ROBLOX_NAME },
    games: shopGames,
    demoProducts: products.map(({ id, gameId, name, priceCents }) => ({ id, gameId, name, priceCents })),
    templates: { user: loyalUser, account, consent },
    compensationPoints: input.compensationPoints,
    slaMinutes: input.slaMinutes,
    seed: input.seed,
  };
}

/** Inserts the grown shop; answers the rows written per table. */
export async function writeShop(db: Db, sizes: ScaleSizes, base: ShopBase, onProgress: (line: string) => void): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const shapes = new Map<string, RowsInsert>();
  const started = performance.now();
  let lastReport = started;
  let pending: { table: string; rows: Row[] }[] = [];
  let pendingRows = 0;

  const flush = async () => {
    if (pending.length === 0) return;
    const batches = pending;
    pending = [];
    pendingRows = 0;
    await db.transaction().execute(async (trx) => {
      for (const batch of batches) {
        const columns = Object.keys(batch.rows[0]!);
        const key = `${batch.table}:${columns.join(",")}`;
        let shape = shapes.get(key);
        if (!shape) shapes.set(key, (shape = { table: batch.table, columns }));
        await insertRows(
          trx,
          shape,
          batch.rows.map((row) => columns.map((c) => row[c])),
        );
      }
    });
  };

  for (const batch of generateShop(sizes, base)) {
    counts.set(batch.table, (counts.get(batch.table) ?? 0) + batch.rows.length);
    pending.push(batch);
    pendingRows += batch.rows.length;
    if (pendingRows >= 20_000) await flush();
    if (performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      onProgress(
        `bench:scale: ${total.toLocaleString("en-US")} rows in ${((lastReport - started) / 1000).toFixed(0)} s (orders ${(counts.get("orders") ?? 0).toLocaleString("en-US")})`,
      );
    }
  }
  await flush();

  // The loyal shopper has a year of history: registered before the first order, with a Roblox name.
  const yearAgo = new Date(base.now.getTime() - (sizes.days + 1) * 86_400_000).toISOString();
  await db.updateTable("user").set({ createdAt: yearAgo, robloxUsername: LOYAL_ROBLOX_NAME }).where("id", "=", base.loyal.id).execute();
  await db.updateTable("events").set({ occurredAt: yearAgo }).where("type", "=", "UserRegistered").where("userId", "=", base.loyal.id).execute();
  // Balances are the ledgers' sums (the rewards module keeps them so on every append).
  await sql`update "user" set "points" = coalesce((select sum("amount") from "points_ledger" where "points_ledger"."userId" = "user"."id"), 0)`.execute(db);
  return counts;
}
