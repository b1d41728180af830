import { describe, expect, it } from "vitest";
import type { App } from "#server/app.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { createTestApp } from "./helpers/test-app.ts";

async function counts(app: App) {
  const count = async (table: "games" | "products" | "faqs" | "blog_posts" | "discount_codes") =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    games: await count("games"),
    products: await count("products"),
    faqs: await count("faqs"),
    posts: await count("blog_posts"),
    codes: await count("discount_codes"),
  };
}

describe("DEMO_DATA", () => {
  it("off: a new store starts empty (no demo games, content or public discount codes), also on a second start", async () => {
    const { app } = await createTestApp({ env: { DEMO_DATA: "off" } });
    expect(await counts(app)).toEqual({ games: 0, products: 0, faqs: 0, posts: 0, codes: 0 });
    const again = await prepareDatabase(app);
    expect(again.seeded).toBeNull();
    expect(again.contentSeeded).toBeNull();
    expect(await counts(app)).toEqual({ games: 0, products: 0, faqs: 0, posts: 0, codes: 0 });
  });

  it("on: a new store gets the demo catalogue, content and the codes WELCOME10 and SAVE5", async () => {
    const { app } = await createTestApp({ env: { DEMO_DATA: "on" } });
    const seeded = await counts(app);
    expect(seeded.games).toBeGreaterThan(0);
    expect(seeded.products).toBeGreaterThan(0);
    expect(seeded.faqs + seeded.posts).toBeGreaterThan(0);
    const codes = await app.db.selectFrom("discount_codes").select("code").execute();
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(["WELCOME10", "SAVE5"]));
  });
});
