import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { boundedCount } from "../shared/bounded-count.ts";
import type { HolderView } from "./holders.views.ts";

/**
 * One page of the holders, newest first (holders_created; of one game, its rows filtered from
 * that walk: a shop has tens of holders, not thousands), with each one's stock and the total
 * (bounded: past 10,000 it says 10,000).
 */
export async function listHolders(
  db: Kysely<Database>,
  page: { limit: number; offset: number; gameId?: string | undefined; status?: "active" | "lost" | undefined },
): Promise<{ holders: HolderView[]; total: number }> {
  let rows = db.selectFrom("holders as h").innerJoin("games as g", "g.id", "h.gameId");
  let counted = db.selectFrom("holders");
  if (page.gameId !== undefined) {
    rows = rows.where("h.gameId", "=", page.gameId);
    counted = counted.where("gameId", "=", page.gameId);
  }
  if (page.status !== undefined) {
    rows = rows.where("h.status", "=", page.status);
    counted = counted.where("status", "=", page.status);
  }
  const [found, total] = await Promise.all([
    rows.selectAll("h").select("g.name as gameName").orderBy("h.createdAt", "desc").orderBy("h.id", "desc").limit(page.limit).offset(page.offset).execute(),
    boundedCount(db, counted),
  ]);
  return { holders: await withStock(db, found), total: total.total };
}

/** One holder as the list shows it, or null. */
export async function findHolder(db: Kysely<Database>, holderId: string): Promise<HolderView | null> {
  const row = await db
    .selectFrom("holders as h")
    .innerJoin("games as g", "g.id", "h.gameId")
    .selectAll("h")
    .select("g.name as gameName")
    .where("h.id", "=", holderId)
    .executeTakeFirst();
  return row ? ((await withStock(db, [row]))[0] ?? null) : null;
}

type Row = Omit<HolderView, "stock" | "status"> & { status: string };

async function withStock(db: Kysely<Database>, rows: Row[]): Promise<HolderView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom("holder_stock as s")
    .innerJoin("products as p", "p.id", "s.productId")
    .select(["s.holderId", "s.productId", "p.name as productName", "s.quantity"])
    .where(
      "s.holderId",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("p.name")
    .execute();
  return rows.map((row) => ({
    ...row,
    status: row.status === "lost" ? "lost" : "active",
    stock: lines.filter((l) => l.holderId === row.id).map((l) => ({ productId: l.productId, productName: l.productName, quantity: Number(l.quantity) })),
  }));
}
