import { describe, expect, it } from "vitest";
import type { CatalogueAdminRepositories } from "#domain/catalogue/catalogue-admin-repositories.port.ts";
import type { Game } from "#domain/catalogue/game.ts";
import type { Product } from "#domain/catalogue/product.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";

const game = (id: string, slug: string, displayOrder: number, name = slug): Game => ({
  id,
  slug,
  name,
  description: "",
  thumbnail: `/img/game/${slug}.svg`,
  displayOrder,
  requirements: [{ code: "trades-enabled", text: "Trading is allowed in your privacy settings", url: "https://www.roblox.com/my/account#!/privacy" }],
  deliveryMethod: "trade",
});

const product = (id: string, gameId: string, displayOrder: number, extra: Partial<Product> = {}): Product => ({
  id,
  gameId,
  name: `Item ${id}`,
  category: "Fruits",
  description: "",
  image: "/img/item/x.svg",
  price: 499,
  originalPrice: null,
  stock: 10,
  displayOrder,
  featured: false,
  requirements: [{ code: "trade-license", text: "You have the Trade License" }],
  deliveryMethod: "gift",
  deliveryMinutes: null,
  robuxAmount: null,
  ...extra,
});

/**
 * What every implementation of the catalogue-management ports must do, run against the in-memory
 * fake (unit) and the Kysely repositories on SQLite (integration).
 */
export function catalogueAdminRepositoriesContract(name: string, make: () => Promise<UnitOfWork<CatalogueAdminRepositories>>) {
  async function seeded() {
    const uow = await make();
    await uow.run(async (r) => {
      await r.games.add(game("g1", "blox-fruits", 0, "Blox Fruits"));
      await r.games.add(game("g2", "doors", 1, "Doors"));
      await r.categories.add({ id: "c1", gameId: "g1", name: "Fruits", displayOrder: 0 });
      await r.categories.add({ id: "c2", gameId: "g1", name: "Gamepasses", displayOrder: 1 });
      await r.products.add(product("p1", "g1", 0));
      await r.products.add(product("p2", "g1", 3, { category: "Gamepasses" }));
      await r.products.add(product("p3", "g2", 0));
    });
    return uow;
  }

  describe(`catalogue management repositories contract: ${name}`, () => {
    it("finds games by id (null when unknown) and lists ids by displayOrder then name", async () => {
      const uow = await seeded();
      expect(await uow.run((r) => r.games.findById("g2"))).toEqual(game("g2", "doors", 1, "Doors"));
      expect(await uow.run((r) => r.games.findById("nope"))).toBeNull();
      await uow.run((r) => r.games.add(game("g3", "adopt-me", 1, "Adopt Me")));
      expect(await uow.run((r) => r.games.listIdsInOrder())).toEqual(["g1", "g3", "g2"]);
    });

    it("updates a game's fields, and refuses another game's slug as a conflict", async () => {
      const uow = await seeded();
      const changed = { ...game("g2", "doors-hotel", 1, "Doors Hotel"), description: "new", thumbnail: "/uploads/logos/a.png" };
      await uow.run((r) => r.games.update(changed));
      expect(await uow.run((r) => r.games.findById("g2"))).toEqual(changed);
      await expect(uow.run((r) => r.games.update({ ...changed, slug: "blox-fruits" }))).rejects.toMatchObject({ kind: "conflict" });
      await expect(uow.run((r) => r.games.add(game("g9", "blox-fruits", 5)))).rejects.toMatchObject({ kind: "conflict" });
      expect((await uow.run((r) => r.games.findById("g2")))?.slug).toBe("doors-hotel");
    });

    it("removes a game with its categories, but never one that still has products", async () => {
      const uow = await seeded();
      await expect(uow.run((r) => r.games.remove("g1"))).rejects.toThrow();
      expect(await uow.run((r) => r.games.findById("g1"))).not.toBeNull();
      expect(await uow.run((r) => r.categories.listByGame("g1"))).toHaveLength(2);

      await uow.run(async (r) => {
        await r.products.remove("p1");
        await r.products.remove("p2");
        await r.games.remove("g1");
      });
      expect(await uow.run((r) => r.games.findById("g1"))).toBeNull();
      expect(await uow.run((r) => r.categories.findById("c1"))).toBeNull();
      await uow.run((r) => r.games.remove("unknown"));
    });

    it("sets display orders from a list, skipping unknown ids", async () => {
      const uow = await seeded();
      await uow.run((r) => r.games.setDisplayOrders(["g2", "ghost", "g1"]));
      expect(await uow.run((r) => r.games.listIdsInOrder())).toEqual(["g2", "g1"]);
      expect((await uow.run((r) => r.games.findById("g1")))?.displayOrder).toBe(2);
    });

    it("lists a game's categories in order, finds, reorders and removes them", async () => {
      const uow = await seeded();
      expect(await uow.run((r) => r.categories.findById("c2"))).toEqual({ id: "c2", gameId: "g1", name: "Gamepasses", displayOrder: 1 });
      expect(await uow.run((r) => r.categories.findById("nope"))).toBeNull();
      expect(await uow.run((r) => r.categories.listByGame("g2"))).toEqual([]);
      await uow.run((r) => r.categories.setDisplayOrders(["c2", "c1"]));
      expect((await uow.run((r) => r.categories.listByGame("g1"))).map((c) => c.id)).toEqual(["c2", "c1"]);
      await uow.run((r) => r.categories.remove("c2"));
      expect((await uow.run((r) => r.categories.listByGame("g1"))).map((c) => c.name)).toEqual(["Fruits"]);
    });

    it("refuses a category name the game already has in any case, as a conflict; other games may use it", async () => {
      const uow = await seeded();
      await expect(uow.run((r) => r.categories.add({ id: "c9", gameId: "g1", name: "fruits", displayOrder: 2 }))).rejects.toMatchObject({
        kind: "conflict",
      });
      await uow.run((r) => r.categories.add({ id: "c9", gameId: "g2", name: "Fruits", displayOrder: 0 }));
      expect((await uow.run((r) => r.categories.listByGame("g2"))).map((c) => c.id)).toEqual(["c9"]);
    });

    it("renames a category and moves only its game's products in it; another category's name is a conflict", async () => {
      const uow = await seeded();
      await uow.run(async (r) => {
        await r.categories.rename("c1", "Devil Fruits");
        await r.products.renameCategory("g1", "Fruits", "Devil Fruits");
      });
      expect((await uow.run((r) => r.categories.findById("c1")))?.name).toBe("Devil Fruits");
      expect((await uow.run((r) => r.products.findById("p1")))?.category).toBe("Devil Fruits");
      expect((await uow.run((r) => r.products.findById("p2")))?.category).toBe("Gamepasses");
      expect((await uow.run((r) => r.products.findById("p3")))?.category).toBe("Fruits");
      await expect(uow.run((r) => r.categories.rename("c1", "Gamepasses"))).rejects.toMatchObject({ kind: "conflict" });
    });

    it("stores every product field and reads it back, updates and removes products", async () => {
      const uow = await seeded();
      const full = product("p9", "g2", 7, { originalPrice: 999, featured: true, description: "d", stock: 0, price: 1 });
      await uow.run((r) => r.products.add(full));
      expect(await uow.run((r) => r.products.findById("p9"))).toEqual(full);
      const changed = { ...full, name: "Renamed", gameId: "g1", price: 250, originalPrice: null, featured: false, stock: 5 };
      await uow.run((r) => r.products.update(changed));
      expect(await uow.run((r) => r.products.findById("p9"))).toEqual(changed);
      await uow.run((r) => r.products.remove("p9"));
      expect(await uow.run((r) => r.products.findById("p9"))).toBeNull();
    });

    it("counts products per game and category and gives the next position", async () => {
      const uow = await seeded();
      expect(await uow.run((r) => r.products.count({ gameId: "g1" }))).toBe(2);
      expect(await uow.run((r) => r.products.count({ gameId: "g1", category: "Gamepasses" }))).toBe(1);
      expect(await uow.run((r) => r.products.count({ gameId: "g1", category: "Nope" }))).toBe(0);
      expect(await uow.run((r) => r.products.nextDisplayOrder("g1"))).toBe(4);
      expect(await uow.run((r) => r.products.nextDisplayOrder("g-none"))).toBe(0);
    });

    it("answers the games of products and every product of games, and reorders products", async () => {
      const uow = await seeded();
      expect((await uow.run((r) => r.products.gameIdsOf(["p1", "p2", "ghost"]))).sort()).toEqual(["g1"]);
      expect((await uow.run((r) => r.products.gameIdsOf(["p1", "p3"]))).sort()).toEqual(["g1", "g2"]);
      expect(await uow.run((r) => r.products.gameIdsOf([]))).toEqual([]);
      expect((await uow.run((r) => r.products.listIdsInGames(["g1"]))).sort()).toEqual(["p1", "p2"]);
      expect(await uow.run((r) => r.products.listIdsInGames([]))).toEqual([]);
      await uow.run((r) => r.products.setDisplayOrders(["p2", "p1"]));
      expect((await uow.run((r) => r.products.findById("p2")))?.displayOrder).toBe(0);
      expect((await uow.run((r) => r.products.findById("p1")))?.displayOrder).toBe(1);
    });

    it("keeps nothing of a unit of work that fails", async () => {
      const uow = await seeded();
      await expect(
        uow.run(async (r) => {
          await r.products.remove("p3");
          await r.games.setDisplayOrders(["g2", "g1"]);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await uow.run((r) => r.products.findById("p3"))).not.toBeNull();
      expect(await uow.run((r) => r.games.listIdsInOrder())).toEqual(["g1", "g2"]);
    });
  });
}
