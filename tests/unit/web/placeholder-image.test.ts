import { describe, expect, it } from "vitest";
import { generatedItemPicture } from "#domain/catalogue/product.ts";
import { DEMO_CATALOGUE } from "#adapters/seed/catalogue.ts";
import { fitTitle, placeholderSvg, titleFromSlug } from "#src/lib/placeholder-image.ts";

// Issue 23: the demo catalogue's pictures were initials ("DF" for both Dragon Fruit and Dough Fruit,
// "17" for the 1,700 Robux Pack) with the name clipped at the edges.
const nameOf = (path: string) => /^\/img\/item\/([a-z0-9-]+)\.svg$/.exec(path)![1]!;
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe("the store's generated pictures", () => {
  const products = DEMO_CATALOGUE.flatMap((game) => game.products.map((p) => ({ ...p, game: game.name })));

  it("show an item's whole name, not its initials", () => {
    const svg = placeholderSvg("item", nameOf(generatedItemPicture("1,700 Robux Pack", "Robux")));
    // The category's label, then the name on as many lines as it needs.
    expect(texts(svg)[0]).toBe("ROBUX");
    expect(texts(svg).slice(1).join(" ")).toBe("1,700 Robux Pack");
    expect(texts(svg)).not.toContain("17");
    expect(titleFromSlug("10m-diamonds")).toBe("10M Diamonds");
    expect(titleFromSlug("2x-mastery-gamepass")).toBe("2x Mastery Gamepass");
  });

  it("differ between items of one game and category (Dragon Fruit and Dough Fruit)", () => {
    const dragon = placeholderSvg("item", nameOf(generatedItemPicture("Dragon Fruit (Permanent)", "Fruits")));
    const dough = placeholderSvg("item", nameOf(generatedItemPicture("Dough Fruit (Permanent)", "Fruits")));
    expect(dragon).not.toBe(dough);
    expect(texts(dragon).join(" ")).toContain("Dragon Fruit");
    expect(texts(dough).join(" ")).toContain("Dough Fruit");
    // Another colour, not only another caption.
    expect(/stop-color="([^"]+)"/.exec(dragon)![1]).not.toBe(/stop-color="([^"]+)"/.exec(dough)![1]);
  });

  it("give every demo product its own URL and fit every demo name whole inside the picture", () => {
    const urls = products.map((p) => generatedItemPicture(p.name, p.category));
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      const title = titleFromSlug(nameOf(url).split("--").at(-1)!);
      const { lines } = fitTitle(title, 344, 3, [40, 34, 30, 26, 22, 19]);
      expect(lines.join(" "), url).toBe(title);
    }
  });

  it("draw an icon for the item's category (a knife for Godly Knives, a paw for pets)", () => {
    const knife = placeholderSvg("item", "godly-knives--harvester");
    const pet = placeholderSvg("item", "huge-pets--huge-cat");
    expect(knife).not.toBe(placeholderSvg("item", "godly-knives--corrupt"));
    expect(texts(knife)).toEqual(["GODLY KNIVES", "Harvester"]);
    expect(knife.replace(/<text.*?<\/text>/g, "")).not.toEqual(pet.replace(/<text.*?<\/text>/g, ""));
  });

  // Issue 47: a game card printed the name twice, once in its picture and once as its caption.
  it("draw a game's picture without its name in it, the name as its label", () => {
    const svg = placeholderSvg("game", "blox-fruits");
    expect(texts(svg)).toEqual([]);
    expect(svg).toContain('aria-label="Blox Fruits"');
  });

  it("keep the text of a name as text (escaped), never markup", () => {
    const svg = placeholderSvg("game", "a-b");
    expect(svg).toContain("A B");
    expect(placeholderSvg("item", "x--y")).not.toMatch(/<script/);
  });
});
