import type { Kysely } from "kysely";
import { requirementsOf } from "#adapters/repositories/requirements-columns.ts";
import type { Database } from "#adapters/db/schema.ts";
import { cartRequirements, type Requirement } from "#domain/catalogue/requirements.ts";

/**
 * What the checkout lists for the shopper to tick: each product's game's requirements, then its own,
 * once per code, in the cart's order (the same list prepare checks, domain/checkout/checkout.ts).
 */
export async function requirementsOfProducts(db: Kysely<Database>, productIds: readonly string[]): Promise<Requirement[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("games as g", "g.id", "p.gameId")
    .select(["p.id", "p.requirements", "g.requirements as gameRequirements"])
    .where("p.id", "in", [...productIds])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return cartRequirements(
    productIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [requirementsOf(row.gameRequirements), requirementsOf(row.requirements)] : [];
    }),
  );
}
