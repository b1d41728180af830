import { describe, expect, it } from "vitest";
import type { Game } from "#domain/catalogue/game.ts";
import type { CatalogueRepositories } from "#domain/catalogue/catalogue-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";

/**
 * What every implementation of the catalogue ports must do, run against the in-memory fake (unit)
 * and the Kysely repositories on SQLite (integration), so the fake cannot drift from the real thing.
 */
export function catalogueRepositoriesContract(name: string, make: () => Promise<UnitOfWork<CatalogueRepositories>>) {
  describe(`catalogue repositories contract: ${name}`, () => {
    const game: Game = {
      id: "g1",
      slug: "blox-fruits",
      name: "Blox Fruits",
      description: "d",
      thumbnail: "/t.svg",
      displayOrder: 0,
      requirements: [{ code: "second-sea", text: "Your account has reached the Second Sea" }],
      deliveryMethod: "trade",
    };

    it("finds a stored game by slug and null for an unknown slug", async () => {
      const uow = await make();
      await uow.run((r) => r.games.add(game));
      expect(await uow.run((r) => r.games.findBySlug("blox-fruits"))).toEqual(game);
      expect(await uow.run((r) => r.games.findBySlug("nope"))).toBeNull();
    });

    it("refuses a second game with the same slug", async () => {
      const uow = await make();
      await uow.run((r) => r.games.add(game));
      await expect(uow.run((r) => r.games.add({ ...game, id: "g2" }))).rejects.toThrow();
    });

    it("refuses a duplicate category name within one game", async () => {
      const uow = await make();
      await uow.run(async (r) => {
        await r.games.add(game);
        await r.categories.add({ id: "c1", gameId: "g1", name: "Fruits", displayOrder: 0 });
      });
      await expect(uow.run((r) => r.categories.add({ id: "c2", gameId: "g1", name: "Fruits", displayOrder: 1 }))).rejects.toThrow();
    });

    it("keeps nothing of a unit of work that fails", async () => {
      const uow = await make();
      await expect(
        uow.run(async (r) => {
          await r.games.add(game);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await uow.run((r) => r.games.findBySlug("blox-fruits"))).toBeNull();
    });
  });
}
